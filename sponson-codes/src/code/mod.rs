//! The code table: what one code promises, and the traits the derive implements.

#[cfg(feature = "error")]
pub(crate) mod details;
mod fields;
pub(crate) mod hash;
mod macros;
#[cfg(feature = "registry")]
pub(crate) mod registry;
pub(crate) mod warning;

#[cfg(feature = "error")]
pub use details::{Details, DetailsError};
pub use warning::{CodeKind, WarningCode};

use core::fmt;

pub(crate) mod sealed {
    /// Implemented by `#[derive(ErrorCodes)]` only; see [`ErrorCode`](super::ErrorCode).
    #[diagnostic::on_unimplemented(
        message = "`ErrorCode` is implemented only by `#[derive(ErrorCodes)]`, not by hand",
        label = "write #[derive(ErrorCodes)] on `{Self}` instead of implementing the trait"
    )]
    pub trait ErrorCodeSealed {}
}

pub use fields::{CodeFields, EnumFields};

/// Everything a program promises about one error code.
///
/// The derive builds one `CodeInfo` per variant, in declaration order, into
/// [`ErrorCode::TABLE`]. The fields are public for reading; new fields may be
/// added in a minor release, so values are only built by the derive.
///
/// ```
/// use sponson_codes::{ErrorCode, ErrorCodes};
///
/// #[derive(ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let info = Code::LockHeld.info();
/// assert_eq!(info.code, "LOCK_HELD");
/// assert_eq!(info.exit, 3);
/// assert_eq!(info.hint, Some("Pass --wait."));
/// assert_eq!(info.variant, "LockHeld");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CodeInfo {
    /// The stable code string, such as `LOCK_HELD`.
    pub code: &'static str,
    /// The process exit code, 1 to 255.
    pub exit: u8,
    /// One line saying what the code means.
    pub doc: &'static str,
    /// The remedy, often a flag, when there is one.
    pub hint: Option<&'static str>,
    /// The long markdown explanation from the variant's doc comment, `""` if none.
    pub explain: &'static str,
    /// The name of the Rust variant.
    pub variant: &'static str,
    /// Whether this is the code for command-line usage errors (`#[code(usage)]`).
    pub usage: bool,
    /// Why the code is retired, when it is (`#[code(retired = "...")]`).
    pub retired: Option<&'static str>,
    /// The HTTP status, 400 to 599, when the enum speaks HTTP: the code's
    /// `#[code(http = N)]`, else the enum's `#[codes(http = N)]`, else 400 for
    /// the usage code and 500 for any other. `None` when neither the enum
    /// nor any of its codes gives `http`; see [`http_status`](CodeInfo::http_status).
    pub http: Option<u16>,
    /// The docs URL: the code's `#[code(url = "...")]`, else the enum's
    /// `#[codes(url = "...")]` with `{code}` replaced by the code.
    pub url: Option<&'static str>,
    /// Whether retrying the same request can succeed: `#[code(retryable =
    /// true)]` or `false`. `None` when the code does not say, which callers
    /// treat as not retryable.
    pub retryable: Option<bool>,
    /// The gRPC status name (`NOT_FOUND`), as `google.rpc.Code` spells it,
    /// resolved by the derive for every error code: the code's
    /// `#[code(grpc = "...")]`; `INTERNAL` for the fallback and
    /// `INVALID_ARGUMENT` for the usage code; else from its own `http` by
    /// the HTTP mapping `google.rpc.Code` documents (400
    /// `INVALID_ARGUMENT`, 401 `UNAUTHENTICATED`, 403 `PERMISSION_DENIED`,
    /// 404 `NOT_FOUND`, 409 `ABORTED`, 429 `RESOURCE_EXHAUSTED`, 499
    /// `CANCELLED`, 501 `UNIMPLEMENTED`, 503 `UNAVAILABLE`, 504
    /// `DEADLINE_EXCEEDED`, other 4xx `FAILED_PRECONDITION`, other 5xx
    /// `INTERNAL`); else the enum's `#[codes(grpc = "...")]`; else from the
    /// enum's `http`; else `UNKNOWN`. `None` for warnings. The docs, the
    /// catalog and the lock show it for enums with a `grpc_domain`.
    ///
    /// ```
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    ///
    /// #[derive(ErrorCodes)]
    /// #[codes(grpc_domain = "plan.example.com")]
    /// enum Code {
    ///     #[code(exit = 3, doc = "No such plan.", http = 404)]
    ///     PlanMissing,
    ///     #[code(exit = 3, doc = "The plan is stale.", grpc = "FAILED_PRECONDITION")]
    ///     PlanStale,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// assert_eq!(Code::PlanMissing.info().grpc, Some("NOT_FOUND"));
    /// assert_eq!(Code::PlanStale.info().grpc, Some("FAILED_PRECONDITION"));
    /// assert_eq!(Code::Internal.info().grpc, Some("INTERNAL"));
    /// assert_eq!(Code::ENUM.grpc_domain, Some("plan.example.com"));
    /// ```
    pub grpc: Option<&'static str>,
    /// The code's earlier names (`#[code(alias = "OLD_NAME")]`, repeatable),
    /// in the order written; empty when it was never renamed. Every reader
    /// (`from_code`, `FromStr`, serde, the document readers) takes an alias
    /// as this code; every writer writes [`code`](CodeInfo::code).
    ///
    /// ```
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    ///
    /// #[derive(Debug, PartialEq, ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.", alias = "LOCKED")]
    ///     LockHeld,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// assert_eq!(Code::LockHeld.info().aliases, ["LOCKED"]);
    /// assert_eq!(Code::from_code("LOCKED"), Some(Code::LockHeld));
    /// assert_eq!("LOCKED".parse::<Code>().unwrap().code(), "LOCK_HELD");
    /// ```
    pub aliases: &'static [&'static str],
    /// The broader code this one refines (`#[code(split_from =
    /// "REQUEST_FAILED")]`), kept or retired in the same enum: a program
    /// that predates the split sees that code instead, so the docs tell it
    /// which to branch on.
    ///
    /// ```
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    ///
    /// #[derive(ErrorCodes)]
    /// enum Code {
    ///     #[deprecated = "2.0: split into REQUEST_TIMEOUT and REQUEST_REFUSED"]
    ///     #[code(exit = 4, doc = "The request failed.")]
    ///     RequestFailed,
    ///     #[code(exit = 4, doc = "The request took too long.", split_from = "REQUEST_FAILED")]
    ///     RequestTimeout,
    ///     #[code(exit = 4, doc = "The server refused the request.", split_from = "REQUEST_FAILED")]
    ///     RequestRefused,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// assert_eq!(Code::RequestTimeout.info().split_from, Some("REQUEST_FAILED"));
    /// ```
    pub split_from: Option<&'static str>,
    /// The code's integer, for FFI, JSON-RPC and protocols that want
    /// numbers: `#[code(number = 1042)]`, unique within the enum. An `i32`,
    /// as JSON-RPC 2.0's error codes are (negative ones included); the
    /// range JSON-RPC reserves, -32768 to -32000, is refused but for its
    /// five standard errors (-32700 parse error, -32600 invalid request,
    /// -32601 method not found, -32602 invalid params, -32603 internal
    /// error), which a code that means one may take. `None` when the code
    /// gives none.
    ///
    /// ```
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    ///
    /// #[derive(ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.", number = 1042)]
    ///     LockHeld,
    ///     #[code(exit = 2, doc = "The request is malformed.", usage, number = -32602)]
    ///     Usage,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// assert_eq!(Code::LockHeld.info().number, Some(1042));
    /// assert_eq!(Code::Usage.info().number, Some(-32602));
    /// assert_eq!(Code::Internal.info().number, None);
    /// ```
    pub number: Option<i32>,
    /// The names of the variant's details (its `#[code(detail)]` fields,
    /// renamed where they say so), in declaration order: what a localized
    /// message may name as its variables (feature `fluent`). Details added
    /// at run time (`with_detail`) are not listed.
    ///
    /// ```
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    ///
    /// #[derive(ErrorCodes)]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.")]
    ///     LockHeld {
    ///         #[code(detail)]
    ///         scope: String,
    ///         #[code(detail = "holder")]
    ///         run: u64,
    ///     },
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let held = Code::LockHeld { scope: "prod".into(), run: 41 };
    /// assert_eq!(held.info().details, ["scope", "holder"]);
    /// assert!(Code::Internal.info().details.is_empty());
    /// ```
    pub details: &'static [&'static str],
}

impl CodeInfo {
    /// The HTTP status of a problem response with this code: [`http`](CodeInfo::http)
    /// when given, else 400 for the usage code and 500 for any other.
    ///
    /// ```
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    ///
    /// #[derive(ErrorCodes)]
    /// #[codes(url = "https://example.com/errors#{code}")]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
    ///     LockHeld,
    ///     #[code(exit = 2, doc = "The request is malformed.", usage)]
    ///     Usage,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// assert_eq!(Code::LockHeld.info().http, Some(409));
    /// assert_eq!(Code::Usage.info().http_status(), 400);
    /// assert_eq!(Code::Internal.info().http_status(), 500);
    /// assert_eq!(Code::LockHeld.info().url, Some("https://example.com/errors#LOCK_HELD"));
    /// ```
    pub const fn http_status(&self) -> u16 {
        match self.http {
            Some(status) => status,
            None if self.usage => 400,
            None => 500,
        }
    }

    /// The stable code string; a method so it can be named in iterator chains.
    ///
    /// ```
    /// # use sponson_codes::{CodeInfo, ErrorCode, ErrorCodes};
    /// # #[derive(ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// let codes: Vec<&str> = Code::TABLE.iter().map(CodeInfo::code).collect();
    /// assert_eq!(codes, ["INTERNAL"]);
    /// ```
    pub const fn code(&self) -> &'static str {
        self.code
    }

    /// The process exit code, 1 to 255.
    pub const fn exit_code(&self) -> u8 {
        self.exit
    }

    /// Whether the code is retired: listed so it is never reused, but no longer raised.
    pub const fn is_retired(&self) -> bool {
        self.retired.is_some()
    }
}

/// One exit class declared with `#[codes(exits(N = "meaning", ...))]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ExitClass {
    /// The process exit code.
    pub exit: u8,
    /// What every code with this exit has in common.
    pub meaning: &'static str,
}

impl ExitClass {
    #[doc(hidden)]
    pub const fn __new(exit: u8, meaning: &'static str) -> Self {
        ExitClass { exit, meaning }
    }
}

/// What the derive knows about a whole enum: where it lives, its docs and its table.
///
/// This is what the registry lists for every enum linked into a program.
///
/// ```
/// use sponson_codes::{ErrorCode, ErrorCodes};
///
/// /// Failures of the demo.
/// #[derive(ErrorCodes)]
/// #[codes(exits(1 = "failure"))]
/// pub enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let info = Code::ENUM;
/// assert_eq!(info.name, "Code");
/// assert_eq!(info.path, format!("{}::Code", module_path!()));
/// assert_eq!(info.explain, "Failures of the demo.");
/// assert_eq!(info.exits[0].meaning, "failure");
/// assert_eq!(info.table.len(), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct EnumInfo {
    /// The enum's name.
    pub name: &'static str,
    /// The path users import the enum by, which the docs, the companion and
    /// the catalog show: `#[codes(path = "...")]`, such as `plan::Code`, else
    /// where it is declared, `module_path::Name`.
    pub path: &'static str,
    /// `module_path!()` where the enum is declared, such as `plan::errors`.
    pub module_path: &'static str,
    /// The package that declares the enum (`CARGO_PKG_NAME`).
    pub crate_name: &'static str,
    /// The binary that declares the enum (`CARGO_BIN_NAME`, as cargo sets
    /// it for a binary or an example), `None` when a library does. No other
    /// crate can use an enum declared in a binary, whatever its `pub`.
    pub bin: Option<&'static str>,
    /// The long markdown explanation from the enum's doc comment, `""` if none.
    pub explain: &'static str,
    /// The declared exit classes, in declaration order; empty when none are declared.
    pub exits: &'static [ExitClass],
    /// Every code, in declaration order.
    pub table: &'static [CodeInfo],
    /// Index of the fallback code in `table` (0, and meaningless, for
    /// warnings): read it through [`fallback_info`](EnumInfo::fallback_info).
    pub(crate) fallback: usize,
    /// Whether the enum is `pub`.
    pub public: bool,
    /// Whether the enum is `#[non_exhaustive]`.
    pub non_exhaustive: bool,
    /// Whether an unknown code is a deserialization error (`#[codes(deny_unknown)]`).
    pub deny_unknown: bool,
    /// Whether every live code must have a long explanation
    /// (`#[codes(require_explain)]`): the derive refuses a code without
    /// one, and the coverage check reports it.
    pub require_explain: bool,
    /// The `google.rpc.ErrorInfo` domain of the enum's codes
    /// (`#[codes(grpc_domain = "...")]`): `Some` when the enum speaks gRPC,
    /// and then every code is a valid AIP-193 reason.
    pub grpc_domain: Option<&'static str>,
    /// The declared error sets: the codes each command, route and MCP tool
    /// may return (`#[codes(commands(...), routes(...), tools(...))]`).
    /// Empty when none are declared.
    pub sets: &'static [ErrorSet],
    /// The compatibility level the lock judges the enum's changes by
    /// (`#[codes(compat = "strict")]`): `Some("strict")` when a new code
    /// breaks its consumers (they switch exhaustively, or
    /// `deny_unknown`), `Some("additive")` or `None` for the usual rules,
    /// under which a new code is additive. `check --level` overrides it.
    ///
    /// ```
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    ///
    /// #[derive(ErrorCodes)]
    /// #[codes(compat = "strict")]
    /// enum Code {
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// assert_eq!(Code::ENUM.compat, Some("strict"));
    /// ```
    pub compat: Option<&'static str>,
    /// Error codes or warning codes.
    pub kind: CodeKind,
}

impl EnumInfo {
    /// Whether the enum lists warning codes.
    pub const fn is_warnings(&self) -> bool {
        matches!(self.kind, CodeKind::Warnings)
    }

    /// The path users import the enum by: [`path`](EnumInfo::path), as a
    /// method so it can be named in iterator chains.
    ///
    /// ```
    /// use sponson_codes::ErrorCode;
    ///
    /// mod codes {
    ///     #[derive(sponson_codes::ErrorCodes)]
    ///     #[codes(path = "demo::Code")]
    ///     pub enum Code {
    ///         #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///         Internal,
    ///     }
    /// }
    ///
    /// let info = codes::Code::ENUM;
    /// assert_eq!(info.path(), "demo::Code");
    /// assert_eq!(info.declared_path(), format!("{}::codes::Code", module_path!()));
    /// ```
    pub const fn path(&self) -> &'static str {
        self.path
    }

    /// Where the enum is declared, `module_path::Name`, whatever
    /// `#[codes(path = "...")]` says: the lock identifies the enum by it, so
    /// that declaring a path changes nothing in the lock.
    pub fn declared_path(&self) -> String {
        format!("{}::{}", self.module_path, self.name)
    }

    /// The fallback code's entry (for warnings, which have none, the first code).
    pub const fn fallback_info(&self) -> &'static CodeInfo {
        &self.table[self.fallback]
    }

    /// The entry for `code`, if the enum lists it as a code or as an alias
    /// (an old name, [`CodeInfo::aliases`]).
    pub fn get(&self, code: &str) -> Option<&'static CodeInfo> {
        self.table
            .iter()
            .find(|info| info.code == code)
            .or_else(|| self.table.iter().find(|info| info.aliases.contains(&code)))
    }

    /// The declared set of the command, route or tool `name`, if any.
    ///
    /// ```
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    /// use sponson_codes::registry::SetKind;
    ///
    /// #[derive(ErrorCodes)]
    /// #[codes(
    ///     groups(lock = [LockHeld]),
    ///     commands(apply = [lock, ApprovalRequired], show = []),
    /// )]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.")]
    ///     LockHeld,
    ///     #[code(exit = 4, doc = "The plan needs approval.")]
    ///     ApprovalRequired,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let apply = Code::ENUM.set(SetKind::Command, "apply").unwrap();
    /// // In the table's order, with the fallback every command can return.
    /// assert_eq!(apply.codes, ["LOCK_HELD", "APPROVAL_REQUIRED", "INTERNAL"]);
    /// assert!(!Code::ENUM.set(SetKind::Command, "show").unwrap().contains("LOCK_HELD"));
    /// assert!(Code::ENUM.set(SetKind::Command, "init").is_none());
    /// ```
    pub fn set(&self, kind: SetKind, name: &str) -> Option<&'static ErrorSet> {
        self.sets
            .iter()
            .find(|set| set.kind == kind && set.name == name)
    }

    /// Whether the command, route or tool `name` may return `code`: `true`
    /// when `name` declares no set, or its set lists `code`.
    pub fn allows(&self, kind: SetKind, name: &str, code: &str) -> bool {
        self.set(kind, name).is_none_or(|set| set.contains(code))
    }
}

/// What a declared error set belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum SetKind {
    /// A command of a CLI, by its words (`apply`, `remote add`).
    Command,
    /// A route of a service, as `METHOD /path` (`POST /runs`).
    Route,
    /// An MCP tool, by its name.
    Tool,
}

impl SetKind {
    /// The kind's name in the catalog and the lock: `command`, `route`, `tool`.
    pub const fn as_str(self) -> &'static str {
        match self {
            SetKind::Command => "command",
            SetKind::Route => "route",
            SetKind::Tool => "tool",
        }
    }

    /// The kind named `name` by [`as_str`](SetKind::as_str).
    pub fn from_name(name: &str) -> Option<Self> {
        [SetKind::Command, SetKind::Route, SetKind::Tool]
            .into_iter()
            .find(|kind| kind.as_str() == name)
    }
}

/// The codes one command, route or MCP tool may return, declared on the
/// enum (see [`EnumInfo::set`]). The derive resolves groups, and adds the
/// fallback and the usage code, which every command can return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ErrorSet {
    /// A command, a route or a tool.
    pub kind: SetKind,
    /// The command's words, the route as `METHOD /path`, or the tool's name.
    pub name: &'static str,
    /// The codes, in the table's order.
    pub codes: &'static [&'static str],
}

impl ErrorSet {
    #[doc(hidden)]
    pub const fn __new(kind: SetKind, name: &'static str, codes: &'static [&'static str]) -> Self {
        ErrorSet { kind, name, codes }
    }

    /// Whether the set lists `code`.
    pub fn contains(&self, code: &str) -> bool {
        self.codes.contains(&code)
    }
}

/// An error code enum: implemented by `#[derive(ErrorCodes)]`, and only by it.
///
/// Every accessor indexes the static [`TABLE`](ErrorCode::TABLE): there is no
/// string work per call.
///
/// The trait is sealed: the derive implements a hidden supertrait beside it,
/// so a table cannot be written by hand. What the derive checks at compile
/// time therefore holds for every implementation, and the runtime relies on
/// it without checking again: every exit code is 1 to 255 (0 is success),
/// codes are unique within the enum, exactly one code is the fallback, at
/// most one is the usage code, and neither is retired.
///
/// The derive also gives the enum inherent methods of the same names
/// (`code()`, `exit_code()`, `doc()`, `hint()`, `explain()`, `info()`), so
/// `Code::LockHeld.code()` needs no import and stays unambiguous when another
/// trait with a `code()` method, such as `miette::Diagnostic`, is in scope.
///
/// ```
/// use sponson_codes::{ErrorCode, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     /// The lock file names the run that holds it.
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// assert_eq!(Code::LockHeld.code(), "LOCK_HELD");
/// assert_eq!(Code::LockHeld.exit_code(), 3);
/// assert_eq!(Code::LockHeld.hint(), Some("Pass --wait."));
/// assert_eq!(Code::LockHeld.explain(), "The lock file names the run that holds it.");
/// assert_eq!(Code::FALLBACK_INFO.code, "INTERNAL");
/// ```
pub trait ErrorCode: sealed::ErrorCodeSealed + 'static {
    /// Every code of the enum, in declaration order.
    const TABLE: &'static [CodeInfo];
    /// The enum as a whole: name, location, doc comment, exit classes.
    const ENUM: &'static EnumInfo;
    /// The fallback code: used for unknown codes and unexpected failures.
    ///
    /// The entry of [`TABLE`](ErrorCode::TABLE) that [`EnumInfo`] records
    /// as the fallback, the one place the fallback is recorded.
    const FALLBACK_INFO: &'static CodeInfo = Self::ENUM.fallback_info();
    /// The code marked `#[code(usage)]` for command-line usage errors, if any.
    const USAGE_INFO: Option<&'static CodeInfo>;

    /// This value's entry in [`TABLE`](ErrorCode::TABLE).
    fn info(&self) -> &'static CodeInfo;

    /// The stable code string, such as `LOCK_HELD`.
    fn code(&self) -> &'static str {
        self.info().code
    }

    /// The process exit code, 1 to 255.
    fn exit_code(&self) -> u8 {
        self.info().exit
    }

    /// One line saying what the code means.
    fn doc(&self) -> &'static str {
        self.info().doc
    }

    /// The remedy, when there is one.
    fn hint(&self) -> Option<&'static str> {
        self.info().hint
    }

    /// The long explanation from the variant's doc comment, `""` if none.
    fn explain(&self) -> &'static str {
        self.info().explain
    }

    /// Writes the fields marked `#[code(detail)]`, and only those, into `details`.
    ///
    /// The derive implements this for variants with marked fields; nothing else
    /// of the value is ever serialized.
    #[cfg(feature = "error")]
    fn write_details(&self, details: &mut Details) {
        let _ = details;
    }
}

/// An error code enum whose variants are all units, so every value can be
/// listed and looked up by its code string.
///
/// The derive implements this beside [`ErrorCode`] and also generates inherent
/// `ALL`, `FALLBACK` and `from_code` items on the enum that forward here, so
/// they can be used without importing this trait.
///
/// ```
/// use sponson_codes::{ErrorCodes, ErrorCodeSet};
///
/// #[derive(Debug, PartialEq, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// assert_eq!(Code::from_code("LOCK_HELD"), Some(Code::LockHeld));
/// assert_eq!(Code::from_code("lock_held"), None);
/// assert_eq!(Code::FALLBACK, Code::Internal);
/// assert_eq!(<Code as ErrorCodeSet>::ALL.len(), 2);
/// ```
pub trait ErrorCodeSet: ErrorCode + Sized {
    /// Every variant, in declaration order (parallel to [`ErrorCode::TABLE`]).
    const ALL: &'static [Self];
    /// The fallback variant.
    const FALLBACK: Self;

    /// The variant whose code is exactly `code` (case-sensitive), by a perfect
    /// hash computed at compile time.
    fn from_code(code: &str) -> Option<Self>;

    /// The variant whose code is `code`, or the fallback for an unknown code.
    fn from_code_or_fallback(code: &str) -> Self {
        Self::from_code(code).unwrap_or(Self::FALLBACK)
    }
}

/// The error of `FromStr` on a code enum: the string is not one of its codes.
///
/// ```
/// use sponson_codes::ErrorCodes;
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let err = "NOPE".parse::<Code>().unwrap_err();
/// assert_eq!(err.code(), "NOPE");
/// assert_eq!(err.to_string(), "unknown error code `NOPE` for `Code`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCode {
    code: String,
    enum_name: &'static str,
}

impl UnknownCode {
    /// An error for `code`, which `enum_name` does not list.
    pub fn new(code: impl Into<String>, enum_name: &'static str) -> Self {
        UnknownCode {
            code: code.into(),
            enum_name,
        }
    }

    /// The code that was not found.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The name of the enum that was searched.
    pub fn enum_name(&self) -> &'static str {
        self.enum_name
    }
}

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown error code `{}` for `{}`",
            self.code.escape_debug(),
            self.enum_name
        )
    }
}

impl std::error::Error for UnknownCode {}

/// Whether `a` and `b` are the same string, in a `const`.
pub(crate) const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A stable insertion sort by `less`: a program links a handful of enums
/// and profiles, and std's sort would add kilobytes to every binary.
#[cfg(feature = "error")]
pub(crate) fn sort_small<T>(items: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && less(&items[j], &items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}
