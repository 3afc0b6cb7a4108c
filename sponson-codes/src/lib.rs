//! Error codes as a documented, machine-readable contract.
//!
//! Programs are driven by scripts and agents, which cannot read prose: they
//! branch on a stable code and an exit status. One annotated enum is the
//! single source of truth for a program's failures: its lookup table, the
//! exit code of each failure, the serde form, one JSON document on every
//! path (success, failure, usage error, panic) in the program's own shape,
//! the docs, a lock that tells a breaking change from an additive one, and
//! compile errors for every misuse.
//!
//! A program adopts it one layer at a time, each paying only for itself
//! (see [the cargo features](#cargo-features)); `docs/adopting.md` in the
//! repository walks through adding it to an existing program.
//!
//! # Declaring codes
//!
//! `#[derive(ErrorCodes)]` on an enum whose variants say their exit code and
//! what they mean ([`ErrorCodes`] lists every key). A code that is not listed
//! is a compile error.
//!
//! ```
//! use sponson_codes::{ErrorCode, ErrorCodes};
//!
//! /// Failures of the `plan` command line.
//! #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
//! #[codes(exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held or was lost"))]
//! pub enum Code {
//!     #[code(exit = 2, doc = "The plan file cannot be read or is not valid YAML.")]
//!     PlanParse,
//!     #[code(exit = 3, doc = "Another run holds the scope's lock.", hint = "Wait for it, or pass --wait.")]
//!     LockHeld,
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! assert_eq!(Code::LockHeld.code(), "LOCK_HELD");
//! assert_eq!(Code::LockHeld.exit_code(), 3);
//! assert_eq!(Code::from_code("PLAN_PARSE"), Some(Code::PlanParse));
//! assert_eq!(sponson_codes::code!(Code, "LOCK_HELD"), Code::LockHeld);
//! assert_eq!(serde_json::to_string(&Code::LockHeld).unwrap(), r#""LOCK_HELD""#);
//! let unknown: Code = serde_json::from_str(r#""SOMETHING_NEW""#).unwrap();
//! assert_eq!(unknown, Code::Internal);
//! ```
//!
//! Warning codes, for findings that do not stop a run, derive
//! [`WarningCodes`]; [`registry`] lists every enum linked into a program.
//!
//! # The error and its document
//!
//! An [`Error`] is one listed code, a message for people, and details for
//! programs. Every outcome of a command is one [`Outcome`], built once; every
//! surface renders it in the program's [`profile`] (Sponson's envelope,
//! noggin's, firstdraft's, or its own), written by one writer and read back by
//! one reader, whose JSON Schema is generated from the same definition.
//!
//! ```
//! # use sponson_codes::ErrorCodes;
//! # #[derive(Debug, ErrorCodes)]
//! # enum Code {
//! #     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
//! #     LockHeld,
//! #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//! #     Internal,
//! # }
//! use sponson_codes::profile::{NOGGIN, SPONSON};
//! use sponson_codes::{Error, Outcome};
//!
//! let failed: Result<(), _> = Err(Error::new(Code::LockHeld, "held by run 41").with_detail("run", &41));
//! let outcome = Outcome::new("apply", &failed);
//! assert_eq!(
//!     SPONSON.render(&outcome).stdout,
//!     "{\"ok\":false,\"command\":\"apply\",\"error\":{\"code\":\"LOCK_HELD\",\"message\":\"held by run 41\",\"hint\":\"Pass --wait.\",\"run\":41}}\n"
//! );
//! assert!(NOGGIN.render(&outcome).stderr.contains("\"exitCode\": 3"));
//! ```
//!
//! Text from outside the program enters details only through the
//! [`allowlist`].
//!
//! # Running a command
//!
//! A [`Runner`] runs a command's body and prints its outcome: one document in
//! JSON mode, text for people otherwise (the program's own format if it gives
//! one), an exit code that agrees, panics caught. The `clap` front end
//! (feature `clap`) turns a command line that does not parse into a usage
//! document, for clap's derive and builder APIs; [`Exit`] is what a `main`
//! returning a coded result returns.
//!
//! ```
//! # use sponson_codes::ErrorCodes;
//! # #[derive(Debug, ErrorCodes)]
//! # enum Code {
//! #     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
//! #     LockHeld,
//! #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//! #     Internal,
//! # }
//! use sponson_codes::{Error, Mode, Runner};
//!
//! let out = Runner::<Code>::new("apply", Mode::Text).render(|| Err::<(), _>(Error::plain(Code::LockHeld)));
//! assert_eq!((out.stderr.as_str(), out.exit), ("error[LOCK_HELD]: Another run holds the lock.\nhint: Pass --wait.\n", 3));
//! ```
//!
//! # Services and agents
//!
//! `http` (feature `http`) writes a coded error as an RFC 9457 problem
//! document (axum responses, extractor rejections and a panic layer with
//! feature `axum`); `mcp` (feature `mcp`) writes an outcome as an MCP tool
//! result, in the same profile as the command line, with the tool's output
//! schema; `grpc` (feature
//! `tonic`) makes a coded error a `tonic::Status` carrying
//! `google.rpc.ErrorInfo`, and reads one back.
//! With feature `tracing`, every coded failure the runner, the axum layer
//! and the MCP helpers report is also a `tracing` event carrying
//! OpenTelemetry's `error.type` (module `telemetry`).
//!
//! # Docs and the lock
//!
//! A program hands its [`catalog`] to the companion, a binary installed
//! apart (`cargo install sponson-codes --features companion`), which writes
//! the markdown docs and the lock, checks them in CI, explains codes and
//! prints the schema; the program's own build compiles none of it. The
//! `testing` helpers (feature `testing`, for dev-dependencies) fail a test
//! when the committed docs or lock are stale.
//!
//! ```text
//! SPONSON_CODES_CATALOG=1 target/debug/my-app      # the catalog, from catalog::export_if_requested()
//! sponson-codes docs --check --bin target/debug/my-app
//! sponson-codes lock --check --bin target/debug/my-app
//! sponson-codes explain LOCK_HELD --bin target/debug/my-app
//! ```
//!
//! # Cargo features
//!
//! | feature | what it adds | what it costs |
//! | --- | --- | --- |
//! | *(none)* | the derive, the code table, `code!`, `FromStr`, serde | the derive (syn), serde |
//! | `error` | [`Error`], [`Details`], [`Warning`], the [`allowlist`], documents in every [`profile`] | `serde_json` |
//! | `schema` | the JSON Schema of a profile's documents (`Profile::schema`) (implies `error`) | nothing more |
//! | `http` | RFC 9457 problem documents: `http`, `Error::to_problem` (implies `error`) | nothing more |
//! | `mcp` | MCP tool results and output schemas: `mcp` (implies `schema`) | nothing more |
//! | `registry` | [`registry::registered`], the [`catalog`], `use_profile!` (implies `error`) | `inventory` |
//! | `runner` (default) | [`Runner`], [`Mode`], [`warn`], [`Exit`] (implies `error` and `registry`) | nothing more |
//! | `explain` (default) | long explanations kept in the binary | their text |
//! | `clap` | the `clap` front end | `clap` |
//! | `axum` | axum responses and `PanicLayer` (implies `http`) | `axum`, `tower` |
//! | `anyhow` | `anyhow::Error` into a coded error | `anyhow` |
//! | `miette` | `Error` as a `miette::Diagnostic` | `miette` |
//! | `tonic` | `Error` as a `tonic::Status` with `google.rpc.ErrorInfo`, statuses read back, a panic layer, in `grpc` | `tonic` (no transport), `tonic-types`, `prost` |
//! | `tracing` | every coded failure reported as a `tracing` event with OpenTelemetry's `error.type`, recorded on the current span (the `telemetry` module; implies `error` and `registry`) | `tracing` |
//! | `testing` | the stale-file test helpers, for dev-dependencies | `similar`, `pulldown-cmark`, serde's derive |
//! | `companion` | the `sponson-codes` binary and `companion` | `testing`, `strsim` |
//!
//! `docs/benchmarks.md` in the repository measures each layer's cold build
//! against thiserror, strum and serde.
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The layers, each importing only from those above it in this list: the
// code table; the JSON and text rules; the error; the document; the
// surfaces that print it; the tooling.
mod code;

#[cfg(feature = "error")]
mod escape;
#[cfg(feature = "error")]
mod json;

#[cfg(feature = "error")]
mod error;

#[cfg(feature = "error")]
mod document;

#[cfg(feature = "registry")]
#[cfg_attr(docsrs, doc(cfg(feature = "registry")))]
pub mod catalog;
#[cfg(feature = "clap")]
#[cfg_attr(docsrs, doc(cfg(feature = "clap")))]
pub use crate::run::clap;
#[cfg(feature = "tonic")]
#[cfg_attr(docsrs, doc(cfg(feature = "tonic")))]
pub mod grpc;
#[cfg(feature = "http")]
#[cfg_attr(docsrs, doc(cfg(feature = "http")))]
pub mod http;
#[cfg(feature = "mcp")]
#[cfg_attr(docsrs, doc(cfg(feature = "mcp")))]
pub mod mcp;
#[cfg(feature = "runner")]
mod run;
#[cfg(feature = "tracing")]
#[cfg_attr(docsrs, doc(cfg(feature = "tracing")))]
pub mod telemetry;

#[cfg(feature = "testing")]
mod tooling;

pub use crate::code::{CodeInfo, ErrorCode, ErrorCodeSet, UnknownCode, WarningCode};
#[cfg(feature = "runner")]
#[cfg_attr(docsrs, doc(cfg(feature = "runner")))]
pub use crate::run::{exit::Exit, runner::Runner, text::Mode, warnings::warn};
#[cfg(feature = "companion")]
#[cfg_attr(docsrs, doc(cfg(feature = "companion")))]
pub use crate::tooling::companion;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub use crate::tooling::testing;
#[cfg(feature = "error")]
#[cfg_attr(docsrs, doc(cfg(feature = "error")))]
pub use crate::{
    code::{Details, DetailsError},
    document::outcome::Outcome,
    document::output::Output,
    error::warning::Warning,
    error::Error,
};

pub mod registry {
    //! Every code enum linked into a program, what the derive records of each,
    //! and the check for one code string declared by several enums.
    //!
    //! Duplicate policy: the same code string in two enums is allowed when every
    //! declaration agrees on the exit code and none of them is retired, because a
    //! caller only sees the string and the exit, and both mean the same thing (a
    //! shared `INTERNAL` fallback in each crate is the usual case). It is an error
    //! when the exit codes differ, or when the code is retired in one enum and live
    //! in another (retired codes are never reused).

    #[cfg(feature = "registry")]
    #[cfg_attr(docsrs, doc(cfg(feature = "registry")))]
    pub use crate::code::registry::{documented, duplicates, registered, Duplicate};
    pub use crate::code::{CodeKind, EnumInfo, ErrorSet, ExitClass, SetKind};
}

#[cfg(feature = "error")]
#[cfg_attr(docsrs, doc(cfg(feature = "error")))]
pub mod profile {
    //! Envelope profiles: the shape of the one document each outcome prints,
    //! chosen by the program.
    //!
    //! The codes are universal; the wire is each program's own contract. A
    //! [`Profile`] is a small declarative description of that contract: the key
    //! that tells success from failure, an optional version, where the command's
    //! name goes, how data and errors nest, where the exit code appears, which
    //! stream each outcome goes to and whether success prints an envelope at all.
    //! Three are built in: [`SPONSON`] (the default, byte for byte the envelope of
    //! [`Envelope`]), [`NOGGIN`] and [`FIRSTDRAFT`]. Every
    //! profile is written by one writer ([`Profile::render`]) and read by one
    //! reader ([`Profile::read`]), and its JSON Schema ([`Profile::schema`]) is
    //! generated from the same definition.
    //!
    //! A fourth is one `const` built from [`Profile::new`] and checked at compile
    //! time by [`Profile::assert_valid`] (no key used twice where it would shadow
    //! another, no success without a way to tell it from failure):
    //!
    //! ```
    //! use sponson_codes::profile::{Data, ErrorShape, Profile, Status, Stream};
    //!
    //! /// `{"result": "success" | "failure", "apiVersion": 2, "op": ..., "payload": ..., "failure": {"id", "text", "exit"}}`
    //! pub const MINE: Profile = Profile::new("mine")
    //!     .status(Status::Text { key: "result", ok: "success", error: "failure" })
    //!     .version("apiVersion", 2)
    //!     .command("op")
    //!     .data(Data::Nested("payload"))
    //!     .error(ErrorShape::nested("failure").code("id").message("text").exit("exit"))
    //!     .failure_to(Stream::Stderr)
    //!     .assert_valid();
    //!
    //! let doc = MINE.render_failure("sync", "disk-full", "no space left", None, 1, &Default::default(), &[]).unwrap();
    //! assert_eq!(doc.stream, Stream::Stderr);
    //! assert_eq!(
    //!     doc.text,
    //!     "{\"result\":\"failure\",\"apiVersion\":2,\"op\":\"sync\",\"failure\":{\"id\":\"disk-full\",\"text\":\"no space left\",\"exit\":1}}\n"
    //! );
    //! ```

    pub use crate::document::declared::{all_declared, declared};
    pub use crate::document::envelope::{Envelope, ErrorBody};
    #[cfg(feature = "fluent")]
    #[cfg_attr(docsrs, doc(cfg(feature = "fluent")))]
    pub use crate::document::fluent;
    pub use crate::document::localized::LocalizedMessage;
    pub use crate::document::profile::{
        Data, ErrorShape, Layout, Profile, Status, Stream, Success, Version, FIRSTDRAFT, NOGGIN,
        RESERVED_DATA_KEYS, SPONSON,
    };
    pub use crate::document::read::{Document, ReadError};
    #[cfg(feature = "schema")]
    #[cfg_attr(docsrs, doc(cfg(feature = "schema")))]
    pub use crate::document::schema::SCHEMA_DIALECT;
    pub use crate::document::write::{RenderError, Rendered};
}

#[cfg(feature = "error")]
#[cfg_attr(docsrs, doc(cfg(feature = "error")))]
pub mod allowlist {
    //! The allowlist: untrusted JSON (a server's response body, say) projected
    //! onto named fields of checked shapes before any of it enters an error's
    //! details. What is not named is never echoed.
    //!
    //! ```
    //! use sponson_codes::allowlist::{Allowlist, Shape};
    //!
    //! let body = Allowlist::new().field("status", Shape::Integer);
    //! let kept = body.project_str(r#"{"status": 503, "token": "sk-1"}"#).unwrap();
    //! assert_eq!(serde_json::Value::Object(kept), serde_json::json!({"status": 503}));
    //! ```

    pub use crate::error::allowlist::{Allowlist, Limits, ProjectError, Shape};
}

/// Derives [`ErrorCode`] (and, for enums of unit variants, [`ErrorCodeSet`],
/// `FromStr`, `Serialize` and `Deserialize`) from `#[code(...)]` attributes.
///
/// It also generates inherent `code()`, `exit_code()`, `doc()`, `hint()`,
/// `explain()` and `info()` (and, for unit enums, `ALL`, `FALLBACK` and
/// `from_code`), so calls need no import and stay unambiguous beside other
/// traits' methods of the same names. Every mistake is a compile error that
/// points at what was written and says what to write instead.
///
/// # On each variant: `#[code(...)]`
///
/// - `exit = N` (required): the process exit code, an integer literal from 1
///   to 255 (0 is success). 126 to 255 are refused unless the enum says
///   `reserved_exits`: shells report 126 for a command that cannot be
///   executed, 127 for one not found and 128+N for a process killed by
///   signal N, and scripts would take the code for that.
/// - `doc = "..."` (required): one line saying what the code means.
/// - `hint = "..."`: the remedy, often a flag.
/// - `name = "..."`: the code string, instead of the variant's name in
///   `rename_all`'s case: 1 to 64 characters from `A-Z`, `a-z`, `0-9`, `_`,
///   `.` and `-`, or words of them joined by `::` as miette writes codes
///   (`my_app::config::missing`; a lone `:` or an empty word is an error).
///   Never checked for split acronyms (see `rename_all`): it is the way to
///   keep a code a lock already has.
/// - `fallback` (exactly one variant): the code for unknown codes and
///   unexpected failures.
/// - `usage` (at most one): the code for command-line usage errors.
/// - `retired = "..."`: the code is no longer raised but stays listed, so it is
///   never reused; the text says why or since when. `#[deprecated = "..."]`
///   on the variant (rustc's own attribute) retires it too, with that note,
///   and makes raising it a deprecation warning: naming the variant, or the
///   code in [`code!`]. `retired` alone warns in `code!` only (a derive
///   cannot make rustc warn where a variant is constructed).
/// - `http = N`: the HTTP status of a problem response, 400 to 599.
/// - `url = "..."`: the code's docs URL.
/// - `explain = "path.md"`: the long explanation from a markdown file
///   (relative to the package's `Cargo.toml`) instead of the doc comment.
/// - `retryable = true` or `retryable = false`: whether retrying the same
///   request can succeed. Absent means unknown, which callers treat as not
///   retryable. Sponson's error object and the problem document carry it
///   (`"retryable": true`), the docs show a column, the lock makes changing
///   it breaking ([`CodeInfo::retryable`]).
/// - `grpc = "NOT_FOUND"`: the code's gRPC status, a `google.rpc.Code` name
///   other than `OK`; needs the enum's `grpc_domain`. Without it the status
///   is derived ([`CodeInfo::grpc`]).
/// - `number = 1042`: the code's integer, an `i32`, for FFI, JSON-RPC and
///   protocols that want numbers; unique within the enum, and outside
///   JSON-RPC's reserved range (-32768 to -32000) but for its five
///   standard errors, which a code that means one may take (the usage code
///   as invalid params: `number = -32602`). The JSON-RPC error objects of
///   `mcp::jsonrpc_error` carry it ([`CodeInfo::number`]).
///
/// The variant's doc comment is the long explanation ([`ErrorCode::explain`]).
///
/// ```
/// use sponson_codes::{ErrorCodes, ErrorCodeSet};
///
/// #[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
/// enum Code {
///     /// The lock file names the run that holds it.
///     #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.", http = 409)]
///     LockHeld,
///     #[code(exit = 2, doc = "The arguments are wrong.", usage, url = "https://example.com/usage")]
///     Usage,
///     #[code(exit = 2, doc = "The plan is not valid YAML.", name = "plan.parse")]
///     PlanParse,
///     #[code(exit = 2, doc = "A step is not known.", name = "plan::step::unknown")]
///     StepUnknown,
///     #[deprecated = "since 2.0"]
///     #[code(exit = 2, doc = "The v1 plan format.")]
///     PlanV1,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// assert_eq!(Code::LockHeld.code(), "LOCK_HELD");
/// assert_eq!(Code::LockHeld.exit_code(), 3);
/// assert_eq!(Code::LockHeld.hint(), Some("Pass --wait."));
/// assert_eq!(Code::LockHeld.explain(), "The lock file names the run that holds it.");
/// assert_eq!(Code::LockHeld.info().http, Some(409));
/// assert_eq!(Code::Usage.info().url, Some("https://example.com/usage"));
/// assert_eq!(Code::PlanParse.code(), "plan.parse");
/// assert_eq!(Code::from_code("plan::step::unknown"), Some(Code::StepUnknown));
/// assert_eq!(Code::from_code("PLAN_V1").unwrap().info().retired, Some("since 2.0"));
/// assert_eq!(Code::from_code_or_fallback("NOPE"), Code::Internal);
/// ```
///
/// # On a field: `#[code(detail)]`
///
/// `#[code(detail)]` puts the field into an error's details under its name,
/// `#[code(detail = "name")]` under another; only marked fields are written,
/// and a tuple field needs a name. The field's type must be `Serialize`.
///
/// ```
/// use sponson_codes::{Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 2, doc = "A file cannot be read.")]
///     Unreadable {
///         #[code(detail)]
///         path: String,
///         #[code(detail = "os_error")]
///         errno: i32,
///         secret: String,
///     },
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let code = Code::Unreadable { path: "plan.yaml".into(), errno: 2, secret: "hidden".into() };
/// let error = Error::new(code, "cannot read plan.yaml");
/// assert_eq!(error.details().as_map().len(), 2);
/// ```
///
/// # On the enum: `#[codes(...)]`, all optional
///
/// - `rename_all = "..."`: how variant names become codes:
///   `"SCREAMING_SNAKE_CASE"` (the default), `"snake_case"`, `"kebab-case"`,
///   `"SCREAMING-KEBAB-CASE"`, `"camelCase"`, `"PascalCase"`, `"lowercase"`,
///   `"UPPERCASE"`. The snake and kebab rules put a separator before every
///   capital, as serde does, so an acronym in capitals would come apart:
///   `InvalidUTF8` would be `INVALID_U_T_F8`. A code made so that has two
///   one-letter words in a row, the second perhaps ending in digits (`U_T`,
///   `M_P3`), is a compile error: write the acronym as a word
///   (`InvalidUtf8`) or give `name`. One lone letter (`XRay` is `X_RAY`) is
///   a word of its own and stays allowed.
/// - `exits(N = "meaning", ...)`: the exit classes; a variant whose exit is not
///   declared is then a compile error.
/// - `deny_unknown`: deserializing an unknown code is an error instead of the
///   fallback.
/// - `reserved_exits`: allows the exits 126 to 255 that shells give meanings
///   of their own (126, 127, 128+N), in `exit` and in `exits(...)`, for a
///   program that means them (git exits 128 on a fatal error).
/// - `serde = false`: no `Serialize`/`Deserialize`, to keep your own
///   (`#[derive(serde::Serialize, ErrorCodes)]` is otherwise E0119).
/// - `from_str = false`: no `FromStr`, to keep your own.
/// - `crate = path`: where the runtime crate is, when it is re-exported
///   (`crate = "path"` works too).
/// - `http = N`: the HTTP status of codes that give none.
/// - `url = "..."`: every code's docs URL, `{code}` replaced by the code.
/// - `explain_dir = "dir"`: each code's long explanation is `dir/<CODE>.md`
///   when that file exists.
/// - `locales = "dir"`: the program's Fluent files, `dir/<locale>/*.ftl`
///   relative to the package's `Cargo.toml` (feature `fluent` reads them at
///   run time). At compile time, each message whose id is a code of the enum
///   (`profile::fluent::message_id` writes the id) may name as variables
///   only that code's details, its `#[code(detail)]` field names; any other
///   is a compile error naming the file, the message and the variable.
///   Editing a file rebuilds the crate. With `locales/de/errors.ftl` holding
///   `LOCK_HELD = Die Sperre hält { $holder }.`:
///
///   ```rust,ignore
///   #[derive(ErrorCodes)]
///   #[codes(locales = "locales")]
///   enum Code {
///       #[code(exit = 3, doc = "Another run holds the lock.")]
///       LockHeld { #[code(detail)] holder: String }, // `{ $scope }` would not compile
///       #[code(exit = 1, doc = "An unexpected error.", fallback)]
///       Internal,
///   }
///   ```
/// - `path = "my_app::Code"`: the path users import the enum by, which the
///   docs, the companion's `list` and `explain` and the catalog show instead
///   of where it is declared (`my_app::codes::Code` for an enum in a private
///   module). Identifiers separated by `::`, from the crate's name: not
///   `crate::`, `self::` or `super::`, no leading `::`, no generics. The lock
///   keeps naming the enum by where it is declared, so declaring a path
///   never makes it stale.
/// - `require_explain`: every live code must have a long explanation (a doc
///   comment or a file); one without is a compile error naming it.
/// - `grpc_domain = "plan.example.com"`: the enum speaks gRPC: its errors'
///   `google.rpc.ErrorInfo.domain`. Every code must then be an AIP-193
///   reason (`[A-Z][A-Z0-9_]+[A-Z0-9]`, at most 63 characters), checked at
///   compile time. `grpc = "..."` on the enum is the status of codes with
///   neither `grpc` nor `http`.
/// - `commands(name = [...], "two words" = [...])`, `routes("POST /runs" =
///   [...])`, `tools(name = [...])`: the codes each command of a CLI, route
///   of a service (`METHOD /path`, as axum matches it) or MCP tool may
///   return; `groups(name = [...])` names codes several share, and a group
///   may use the groups written before it. Members are variants and groups;
///   the fallback and the usage code belong to every set. The catalog, the
///   docs, the lock, the companion's `schema --command NAME` and
///   [`mcp::tool_output_schema`] read them; in debug builds the runner,
///   [`mcp::tool_result`] and [`http::check_route_sets`] turn a code outside
///   the set into the fallback, naming both ([`registry::EnumInfo::set`]).
///
/// ```
/// use sponson_codes::{ErrorCode, ErrorCodes};
/// use sponson_codes::registry::SetKind;
///
/// /// Failures of a deploy tool.
/// #[derive(Debug, ErrorCodes)]
/// #[codes(
///     require_explain,
///     grpc_domain = "deploy.example.com",
///     groups(lock = [LockHeld]),
///     commands(apply = [lock, Unapproved], "remote add" = []),
///     routes("POST /runs" = [lock]),
///     tools(deploy_apply = [lock, Unapproved]),
/// )]
/// enum Code {
///     /// Another run holds the lock; it is released when that run ends.
///     #[code(exit = 3, doc = "Another run holds the lock.", http = 409, retryable = true)]
///     LockHeld,
///     /// Production runs need `--approved-by`.
///     #[code(exit = 2, doc = "No approver was given.", grpc = "PERMISSION_DENIED", retryable = false)]
///     Unapproved,
///     /// A bug; the message says where.
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// assert_eq!(Code::LockHeld.info().retryable, Some(true));
/// assert_eq!(Code::LockHeld.info().grpc, Some("ABORTED")); // from http = 409
/// assert_eq!(Code::Unapproved.info().grpc, Some("PERMISSION_DENIED"));
/// let apply = Code::ENUM.set(SetKind::Command, "apply").unwrap();
/// assert_eq!(apply.codes, ["LOCK_HELD", "UNAPPROVED", "INTERNAL"]);
/// assert!(!Code::ENUM.allows(SetKind::Route, "POST /runs", "UNAPPROVED"));
/// ```
///
/// ```
/// use sponson_codes::{ErrorCode, ErrorCodes};
///
/// #[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, ErrorCodes)]
/// #[codes(
///     rename_all = "kebab-case",
///     exits(1 = "failure", 3 = "the lock is held"),
///     deny_unknown,
///     serde = false,
///     from_str = false,
///     crate = sponson_codes,
///     http = 422,
///     url = "https://example.com/errors#{code}",
///     path = "my_app::Code",
/// )]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// assert_eq!(Code::LockHeld.code(), "lock-held");
/// assert_eq!(Code::ENUM.exits[1].meaning, "the lock is held");
/// assert!(Code::ENUM.deny_unknown);
/// assert_eq!(Code::LockHeld.info().http, Some(422));
/// assert_eq!(Code::LockHeld.info().url, Some("https://example.com/errors#lock-held"));
/// assert_eq!(Code::ENUM.path(), "my_app::Code");
/// assert_eq!(Code::ENUM.declared_path(), format!("{}::Code", module_path!()));
/// // serde's own derive writes the variant name.
/// assert_eq!(serde_json::to_string(&Code::LockHeld).unwrap(), r#""LockHeld""#);
/// ```
pub use sponson_codes_derive::ErrorCodes;

/// Derives [`WarningCode`] from `#[code(...)]` attributes: the keys of
/// [`ErrorCodes`] without `exit`, `fallback` and `usage`, which are compile
/// errors, since a warning never ends a run. For enums of unit variants, also
/// inherent `ALL` and `from_code`, `FromStr` and serde (the code string;
/// an unknown code is an error).
pub use sponson_codes_derive::WarningCodes;

#[doc(hidden)]
pub mod __private;

/// Compiles and runs the examples of the README as doc tests, so its names
/// stay the crate's names.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDocs;

/// The examples of the guide (`docs/guide.md`), as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/guide.md")]
struct GuideDocs;

/// The examples of `docs/codes.md`, as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/codes.md")]
struct CodesDocs;

/// Compiles and runs the examples of the adoption guide as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/adopting.md")]
struct AdoptingDocs;
