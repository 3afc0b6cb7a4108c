//! axum integration (feature `axum`): a coded error is a problem response,
//! a rejected request is the usage code, and a panicking handler is the
//! fallback problem.

use core::future::Future;
use core::marker::PhantomData;
use core::pin::Pin;
use core::task::{Context, Poll};
use std::panic::{catch_unwind, AssertUnwindSafe};

use ::axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use ::axum::http::{header, HeaderValue, StatusCode};
use ::axum::response::{IntoResponse, Response};

use crate::code::ErrorCode;
use crate::error::panic::drop_payload;
use crate::error::Error;
use crate::http::problem::{Problem, PROBLEM_CONTENT_TYPE};

impl IntoResponse for Problem {
    /// The status, `Content-Type: application/problem+json` and the body.
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static(PROBLEM_CONTENT_TYPE),
            )],
            self.body,
        )
            .into_response()
    }
}

/// A handler returns `Result<_, Error<C>>`: the error becomes its problem
/// response (see [`Problem`]).
///
/// ```
/// use axum::response::IntoResponse;
/// use sponson_codes::{Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let response = Error::new(Code::LockHeld, "held").into_response();
/// assert_eq!(response.status(), 409);
/// assert_eq!(response.headers()["content-type"], "application/problem+json");
/// ```
impl<C: ErrorCode> IntoResponse for Error<C> {
    fn into_response(self) -> Response {
        self.to_problem().into_response()
    }
}

/// Take `Result<Json<T>, JsonRejection>` in a handler and `?` it: a body
/// that is not JSON or not a `T` is the usage code (`#[code(usage)]`, else
/// the fallback), with axum's explanation as the message.
impl<C: ErrorCode> From<JsonRejection> for Error<C> {
    fn from(rejection: JsonRejection) -> Self {
        Error::usage(rejection.body_text())
    }
}

/// As for [`JsonRejection`]: a query string that does not parse is the usage code.
impl<C: ErrorCode> From<QueryRejection> for Error<C> {
    fn from(rejection: QueryRejection) -> Self {
        Error::usage(rejection.body_text())
    }
}

/// As for [`JsonRejection`]: path parameters that do not parse are the usage code.
impl<C: ErrorCode> From<PathRejection> for Error<C> {
    fn from(rejection: PathRejection) -> Self {
        Error::usage(rejection.body_text())
    }
}

/// A tower layer that turns a panic in the service it wraps (a handler) into
/// `C`'s fallback problem, whose `detail` is "the server stopped handling
/// the request on an unexpected internal error"; the panic's message never
/// reaches the client.
///
/// ```
/// use axum::{routing::get, Router};
/// use sponson_codes::{ErrorCodes, http::PanicLayer};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let app: Router = Router::new()
///     .route("/", get(|| async { "ok" }))
///     .layer(PanicLayer::<Code>::new());
/// ```
pub struct PanicLayer<C> {
    code: PhantomData<fn() -> C>,
}

impl<C> PanicLayer<C> {
    /// The layer for `C`'s fallback code.
    pub fn new() -> Self {
        PanicLayer { code: PhantomData }
    }
}

impl<C> Default for PanicLayer<C> {
    fn default() -> Self {
        PanicLayer::new()
    }
}

impl<C> Clone for PanicLayer<C> {
    fn clone(&self) -> Self {
        PanicLayer::new()
    }
}

impl<C> core::fmt::Debug for PanicLayer<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("PanicLayer")
    }
}

impl<S, C> tower_layer::Layer<S> for PanicLayer<C> {
    type Service = PanicService<S, C>;

    fn layer(&self, inner: S) -> Self::Service {
        PanicService {
            inner,
            code: PhantomData,
        }
    }
}

/// The service of [`PanicLayer`].
pub struct PanicService<S, C> {
    inner: S,
    code: PhantomData<fn() -> C>,
}

impl<S: Clone, C> Clone for PanicService<S, C> {
    fn clone(&self) -> Self {
        PanicService {
            inner: self.inner.clone(),
            code: PhantomData,
        }
    }
}

impl<S: core::fmt::Debug, C> core::fmt::Debug for PanicService<S, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PanicService")
            .field("inner", &self.inner)
            .finish()
    }
}

impl<S, C, R> tower_service::Service<R> for PanicService<S, C>
where
    S: tower_service::Service<R>,
    S::Response: IntoResponse,
    C: ErrorCode,
{
    type Response = Response;
    type Error = S::Error;
    type Future = PanicFuture<S::Future, C>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: R) -> Self::Future {
        let state = match catch_unwind(AssertUnwindSafe(|| self.inner.call(request))) {
            Ok(future) => Some(Box::pin(future)),
            Err(payload) => {
                drop_payload(payload);
                None
            }
        };
        PanicFuture {
            state,
            code: PhantomData,
        }
    }
}

/// The future of [`PanicService`]: the handler's response, or the fallback
/// problem if polling it panicked.
pub struct PanicFuture<F, C> {
    // `None` once the call itself panicked; boxed so it can be polled
    // through a plain `&mut` without unsafe pinning.
    state: Option<Pin<Box<F>>>,
    code: PhantomData<fn() -> C>,
}

impl<F, C> core::fmt::Debug for PanicFuture<F, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("PanicFuture")
    }
}

impl<F, T, E, C> Future for PanicFuture<F, C>
where
    F: Future<Output = Result<T, E>>,
    T: IntoResponse,
    C: ErrorCode,
{
    type Output = Result<Response, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        let Some(future) = this.state.as_mut() else {
            return Poll::Ready(Ok(panicked::<C>()));
        };
        match catch_unwind(AssertUnwindSafe(|| future.as_mut().poll(cx))) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(result)) => Poll::Ready(result.map(IntoResponse::into_response)),
            Err(payload) => {
                drop_payload(payload);
                this.state = None;
                Poll::Ready(Ok(panicked::<C>()))
            }
        }
    }
}

/// The `detail` of the problem a panicking handler becomes: the command
/// line's wording (`error::panic::PANIC_MESSAGE`) speaks of a command.
const HTTP_PANIC_MESSAGE: &str =
    "the server stopped handling the request on an unexpected internal error";

fn panicked<C: ErrorCode>() -> Response {
    Error::<C>::fallback(HTTP_PANIC_MESSAGE).into_response()
}
