//! Telemetry (feature `tracing`): every coded failure the library reports
//! is a [`tracing`] event named by OpenTelemetry's semantic conventions,
//! and the current span records its `error.type`.
//!
//! # The events
//!
//! | who reports | when | fields besides `error.type` |
//! | --- | --- | --- |
//! | [`Runner::run`](crate::Runner::run), `run_with`, `run_printing` | the body failed or panicked | `process.exit.code` |
//! | [`Exit`](crate::Exit) returned from `main` | a failure | `process.exit.code` |
//! | the `clap` front end's `parse`, `parsed`, `parsed_command` | a command line that does not parse | `process.exit.code` |
//! | axum (feature `axum`): every problem response, from `Error<C>` as a response, a rejection `?`-ed in a handler, `not_found`, `method_not_allowed`, [`PanicLayer`](crate::http::PanicLayer), or a [`Problem`](crate::http::Problem) itself | always | `http.response.status_code` |
//! | [`mcp::tool_result`](crate::mcp::tool_result), [`mcp::tool_result_of`](crate::mcp::tool_result_of) | `isError` is true | none |
//! | [`mcp::error_response`](crate::mcp::error_response) | always (a protocol error) | none |
//!
//! - `error.type` is the code the document carries (`LOCK_HELD`), after
//!   the writer's decision: an outcome no document can hold is reported as
//!   the fallback code it is printed as. A code no enum of the program
//!   lists is [`OTHER`], as the convention asks of a value that would
//!   otherwise be of unbounded cardinality.
//! - The event's message is the failure's message as the document carries
//!   it, on one line with control and invisible characters escaped, as in
//!   `error[CODE]:` lines. Nothing else of the failure is logged: no
//!   details, no hint, no panic text, and not the reason a runner withholds
//!   from the document (a `Serialize` error's words, which may quote data).
//! - The level is `ERROR` for the fallback code, a code no enum lists and
//!   an HTTP status of 500 or more; `WARN` for every other code: a listed
//!   failure is part of the program's contract, not a fault in it.
//! - The target is [`TARGET`], `sponson_codes`, so a filter such as
//!   `RUST_LOG=sponson_codes=warn` selects them.
//!
//! What only renders reports nothing: [`Runner::render`](crate::Runner::render)
//! and `render_printing` (for tests, and for services that hand the output
//! on: `mcp::tool_result_of` then reports it), the `clap` front end's
//! `parse_from` and `parsed_from`, [`Error::to_problem`](crate::Error::to_problem)
//! until the problem becomes a response, and
//! [`Profile::render`](crate::profile::Profile::render), and
//! [`Output::print`](crate::Output::print), which prints what a render
//! returned but cannot tell its code. So one failure is one event,
//! whichever way it leaves the program. In debug builds,
//! `http::check_route_sets` holds back the reports of the route it wraps
//! until it has read the route's code: a code the route's declared set
//! lists is reported as usual, and a code outside it is answered with the
//! fallback instead, whose event (naming the route and the code) is then
//! the only one; the route's own is dropped.
//!
//! # The current span
//!
//! The current span records `error.type` too, so a
//! [`tracing-opentelemetry`](https://docs.rs/tracing-opentelemetry) user
//! sees the code as the attribute of their request or command span without
//! writing anything. `tracing` records only the fields a span declared when
//! it was created: declare `error.type` empty on the span, as
//! tracing-opentelemetry's docs do for `otel.status_code`. The name must be
//! quoted, since `type` is a Rust keyword and `tracing`'s macros take
//! unquoted names as identifiers:
//!
//! ```no_run
//! use sponson_codes::{Error, ErrorCodes, Mode, Runner};
//!
//! #[derive(Debug, ErrorCodes)]
//! enum Code {
//!     #[code(exit = 3, doc = "Another run holds the lock.")]
//!     LockHeld,
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! fn main() -> std::process::ExitCode {
//!     // With a subscriber installed (tracing-subscriber, tracing-opentelemetry):
//!     let span = tracing::info_span!("apply", "error.type" = tracing::field::Empty);
//!     let _entered = span.enter();
//!     // A WARN event {error.type = "LOCK_HELD", process.exit.code = 3},
//!     // and `error.type = "LOCK_HELD"` on the span `apply`.
//!     Runner::<Code>::new("apply", Mode::Json)
//!         .run(|| Err::<(), _>(Error::new(Code::LockHeld, "held by run 41")))
//! }
//! ```
//!
//! A span that does not declare the field is left as it is.
//!
//! # Codes read from the wire
//!
//! A code read back from a document (an [`ErrorBody`]
//! from [`Profile::read`](crate::profile::Profile::read), an
//! [`Envelope`](crate::profile::Envelope), a problem read with
//! `ErrorBody::from_problem_json`) may be any string another program
//! printed. [`error_type`] maps it to the `error.type` to record: the code
//! when the enum lists it, [`OTHER`] otherwise. The library's own readers
//! of documents (`mcp::tool_result_of`, and a `Problem` turned into a
//! response) map codes the same way, against every enum linked into the
//! program.
//!
//! ```
//! use sponson_codes::{profile::ErrorBody, telemetry, ErrorCodes};
//!
//! #[derive(Debug, ErrorCodes)]
//! enum Code {
//!     #[code(exit = 3, doc = "Another run holds the lock.")]
//!     LockHeld,
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! let upstream: ErrorBody = ErrorBody::from_problem_json(r#"{"code":"QUOTA_GONE","detail":"no quota left"}"#).unwrap();
//! let error_type = telemetry::error_type::<Code>(&upstream.code);
//! assert_eq!(error_type, telemetry::OTHER);
//! tracing::warn!({ "error.type" = error_type }, "the plan server refused the plan");
//!
//! assert_eq!(telemetry::error_type::<Code>("LOCK_HELD"), "LOCK_HELD");
//! ```

use serde::de::IgnoredAny;
use tracing::Span;

use crate::code::{CodeInfo, ErrorCode};
use crate::document::envelope::ErrorBody;
use crate::document::output::Output;
use crate::document::profile::Profile;

/// The target of every event this crate emits: `sponson_codes`.
pub const TARGET: &str = "sponson_codes";

/// The `error.type` of a code that no enum lists: `_OTHER`, the value
/// OpenTelemetry's semantic conventions give an error type outside the
/// known set.
pub const OTHER: &str = "_OTHER";

/// The field name of the error type, on events and spans.
const ERROR_TYPE: &str = "error.type";

/// The `error.type` to record for `code`, read back from a document:
/// `code` when `C` lists it, [`OTHER`] otherwise, so that a code printed
/// by another program (a newer one, a server) can never make the attribute
/// unbounded. Lookups are exact, as [`ErrorBody::is_known`] (whose scan of
/// `C`'s table this shares) is.
///
/// ```
/// use sponson_codes::{telemetry, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.")]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// assert_eq!(telemetry::error_type::<Code>("LOCK_HELD"), "LOCK_HELD");
/// assert_eq!(telemetry::error_type::<Code>("lock_held"), "_OTHER");
/// assert_eq!(telemetry::error_type::<Code>("SOMETHING_NEW"), telemetry::OTHER);
/// ```
pub fn error_type<C: ErrorCode>(code: &str) -> &'static str {
    C::ENUM.get(code).map_or(OTHER, CodeInfo::code)
}

/// Where a failure is reported, with what that surface adds to the event.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Surface {
    /// The process ends with this exit code.
    #[cfg_attr(not(feature = "runner"), allow(dead_code))]
    Process(u8),
    /// An HTTP response with this status.
    #[cfg_attr(not(feature = "axum"), allow(dead_code))]
    Http(u16),
    /// An MCP tool result.
    #[cfg_attr(not(feature = "mcp"), allow(dead_code))]
    Tool,
}

/// What a report needs of a failure: the `error.type` to record and
/// whether it is severe (`ERROR`, else `WARN`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Kind {
    pub(crate) error_type: &'static str,
    pub(crate) severe: bool,
}

impl Kind {
    /// `code` as `C` lists it: severe for the fallback and for a code `C`
    /// does not list.
    #[cfg_attr(not(any(feature = "mcp", feature = "axum")), allow(dead_code))]
    pub(crate) fn of<C: ErrorCode>(code: &str) -> Kind {
        Kind::in_enum(C::ENUM, code)
    }

    /// `code` as the enum `codes` lists it.
    pub(crate) fn in_enum(codes: &'static crate::code::EnumInfo, code: &str) -> Kind {
        match codes.get(code) {
            Some(info) => Kind {
                error_type: info.code,
                severe: core::ptr::eq(info, codes.fallback_info())
                    || info.code == codes.fallback_info().code,
            },
            None => Kind::other(),
        }
    }

    /// `code` as an error enum linked into the program lists it.
    #[cfg_attr(not(any(feature = "mcp", feature = "axum")), allow(dead_code))]
    pub(crate) fn registered(code: &str) -> Kind {
        for registration in inventory::iter::<crate::code::registry::Registration> {
            let info = registration.info();
            if info.is_warnings() {
                continue;
            }
            if let Some(entry) = info.get(code) {
                return Kind {
                    error_type: entry.code,
                    severe: core::ptr::eq(entry, info.fallback_info()),
                };
            }
        }
        Kind::other()
    }

    /// A code no enum lists.
    pub(crate) fn other() -> Kind {
        Kind {
            error_type: OTHER,
            severe: true,
        }
    }
}

/// Whether a report would be seen: an event of this crate's target is
/// enabled, or the current span declares `error.type`. Reading a code
/// back from a document is only worth it then.
#[cfg_attr(
    not(any(feature = "runner", feature = "mcp", feature = "axum")),
    allow(dead_code)
)]
pub(crate) fn wanted() -> bool {
    tracing::enabled!(target: TARGET, tracing::Level::ERROR)
        || Span::current().has_field(ERROR_TYPE)
}

/// Reports a failure: `error.type` on the current span, and one event.
pub(crate) fn report(kind: Kind, message: &str, surface: Surface) {
    Span::current().record(ERROR_TYPE, kind.error_type);
    let message = crate::escape::escape_line(message);
    let error_type = kind.error_type;
    macro_rules! at_level {
        ($($fields:tt)*) => {
            if kind.severe {
                tracing::error!(target: TARGET, $($fields)*)
            } else {
                tracing::warn!(target: TARGET, $($fields)*)
            }
        };
    }
    match surface {
        Surface::Process(exit) => at_level!(
            { "error.type" = error_type, "process.exit.code" = exit },
            "{}",
            message
        ),
        Surface::Http(status) => at_level!(
            { "error.type" = error_type, "http.response.status_code" = status },
            "{}",
            message
        ),
        Surface::Tool => at_level!({ "error.type" = error_type }, "{}", message),
    }
}

/// An HTTP failure: severe from status 500 on, whatever the code. While
/// [`Held::poll`] polls a route on this thread, the report is held back
/// there instead.
#[cfg_attr(not(feature = "axum"), allow(dead_code))]
pub(crate) fn report_http(kind: Kind, message: &str, status: u16) {
    let kind = Kind {
        severe: status >= 500,
        ..kind
    };
    let kept = HELD.with_borrow_mut(|held| match held {
        Some(held) => {
            held.push(HttpReport {
                kind,
                message: message.to_owned(),
                status,
            });
            true
        }
        None => false,
    });
    if !kept {
        report(kind, message, Surface::Http(status));
    }
}

/// One HTTP report held back.
#[cfg_attr(not(feature = "axum"), allow(dead_code))]
#[derive(Debug)]
struct HttpReport {
    kind: Kind,
    message: String,
    status: u16,
}

std::thread_local! {
    /// Where [`report_http`] puts its reports while [`Held::poll`] polls a
    /// route on this thread; `None` otherwise.
    static HELD: core::cell::RefCell<Option<Vec<HttpReport>>> =
        const { core::cell::RefCell::new(None) };
}

/// The HTTP reports of a route that `http::check_route_sets` has not yet
/// let stand: sent when the route's answer stands, dropped when the
/// fallback replaces it, so that one failure is one event.
#[cfg_attr(not(feature = "axum"), allow(dead_code))]
#[derive(Debug, Default)]
pub(crate) struct Held(Vec<HttpReport>);

#[cfg_attr(not(feature = "axum"), allow(dead_code))]
impl Held {
    /// Polls `route` once, with every HTTP report made inside the poll
    /// held here. Each poll swaps the reports in and out of this thread, so
    /// another task polled on the thread between two polls reports as
    /// usual, and a panicking poll leaves the thread as it was.
    pub(crate) fn poll<F: core::future::Future>(
        &mut self,
        route: core::pin::Pin<&mut F>,
        cx: &mut core::task::Context<'_>,
    ) -> core::task::Poll<F::Output> {
        /// Puts back the thread's previous state, and the reports here.
        struct Restore<'a> {
            held: &'a mut Held,
            previous: Option<Vec<HttpReport>>,
        }
        impl Drop for Restore<'_> {
            fn drop(&mut self) {
                let reports = HELD.replace(self.previous.take());
                self.held.0 = reports.unwrap_or_default();
            }
        }
        let reports = core::mem::take(&mut self.0);
        let previous = HELD.replace(Some(reports));
        let _restore = Restore {
            held: self,
            previous,
        };
        route.poll(cx)
    }

    /// Sends the reports held: the route's answer stands.
    pub(crate) fn send(self) {
        for held in self.0 {
            report_http(held.kind, &held.message, held.status);
        }
    }

    /// Drops the reports held: the route's answer is replaced, and the
    /// replacement reports itself.
    pub(crate) fn discard(self) {}
}

/// The text of the one document a JSON-mode output holds: stdout, else
/// stderr, without the final newline.
#[cfg_attr(not(any(feature = "runner", feature = "mcp")), allow(dead_code))]
pub(crate) fn document_of(output: &Output) -> &str {
    let text = output.stdout.trim_end_matches('\n');
    match text.is_empty() {
        true => output.stderr.trim_end_matches('\n'),
        false => text,
    }
}

/// The failure `text` holds, read by the first of `profiles` that reads it
/// as one: its code and message as the document carries them.
#[cfg_attr(not(any(feature = "runner", feature = "mcp")), allow(dead_code))]
pub(crate) fn failure_in<'p>(
    text: &str,
    profiles: impl IntoIterator<Item = &'p Profile>,
) -> Option<ErrorBody<IgnoredAny>> {
    profiles.into_iter().find_map(|profile| {
        profile
            .read::<IgnoredAny, IgnoredAny>(text)
            .ok()
            .and_then(|document| document.result.err())
    })
}
