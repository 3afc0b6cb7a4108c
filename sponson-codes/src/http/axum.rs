//! axum integration (feature `axum`): a coded error is a problem response,
//! a rejected request is the usage code, a path or method no route answers
//! is the code the program picks, a panicking handler is the fallback
//! problem, and in debug builds a route that returns a code outside its
//! declared set is caught.

use core::future::{ready, Future, Ready};
use core::marker::PhantomData;
use core::pin::Pin;
use core::task::{Context, Poll};

use ::axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use ::axum::http::{header, HeaderValue, Method, StatusCode};
use ::axum::response::{IntoResponse, Response};

use crate::code::{Details, ErrorCode};
use crate::document::outcome::Failure;
use crate::error::panic_layer::{call_caught, poll_caught, SERVER_PANIC_MESSAGE};
use crate::error::Error;
use crate::http::problem::{Problem, PROBLEM_CONTENT_TYPE};

impl IntoResponse for Problem {
    /// The status, `Content-Type: application/problem+json`, `Retry-After`
    /// when the error gave a delay ([`Error::with_retry_after`]),
    /// `Content-Language` when the body carries a localized message
    /// ([`Error::to_localized_problem`]), and the body.
    ///
    /// With feature `tracing`, the problem is reported as a `tracing`
    /// event with its `error.type` and `http.response.status_code` (module
    /// `telemetry`): the code its body carries, read back, when an enum
    /// linked into the program lists it, else `_OTHER`. The responses this
    /// module builds from a coded error (an `Error<C>`, a rejection, the
    /// fallback handlers, [`PanicLayer`]) are reported once each, from the
    /// error itself, with nothing more read back.
    fn into_response(self) -> Response {
        #[cfg(feature = "tracing")]
        report(&self);
        response_of(self)
    }
}

/// The response of a problem, reported already.
fn response_of(problem: Problem) -> Response {
    let status = StatusCode::from_u16(problem.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let (code, retry_after) = problem.members();
    let language = problem
        .content_language()
        .and_then(|locale| HeaderValue::from_str(&locale).ok());
    let mut response = (
        status,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(PROBLEM_CONTENT_TYPE),
        )],
        problem.body,
    )
        .into_response();
    if let Some(seconds) = retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    if let Some(language) = language {
        response
            .headers_mut()
            .insert(header::CONTENT_LANGUAGE, language);
    }
    if let Some(code) = code {
        response.extensions_mut().insert(ProblemCode(code));
    }
    response
}

/// The problem response of `error` (at `status` when the routing decided
/// it), reported to telemetry from the failure the problem settled on.
fn respond<C: ErrorCode>(error: &Error<C>, status: Option<u16>) -> Response {
    response_of(error.to_problem_at(status, reported::<C>))
}

/// Reports the failure a problem settled on (feature `tracing`).
#[cfg_attr(not(feature = "tracing"), allow(unused_variables))]
fn reported<C: ErrorCode>(failure: &Failure, status: u16) {
    #[cfg(feature = "tracing")]
    if crate::telemetry::wanted() {
        let kind = crate::telemetry::Kind::of::<C>(&failure.code);
        crate::telemetry::report_http(kind, &failure.message, status);
    }
}

/// Reports a problem response to telemetry: the code and message its body
/// carries, read back.
#[cfg(feature = "tracing")]
fn report(problem: &Problem) {
    use crate::document::envelope::ErrorBody;
    use crate::telemetry::{report_http, Kind};
    if !crate::telemetry::wanted() {
        return;
    }
    match ErrorBody::<serde::de::IgnoredAny>::from_problem_json(&problem.body) {
        Ok(body) => report_http(Kind::registered(&body.code), &body.message, problem.status),
        Err(_) => report_http(Kind::other(), "", problem.status),
    }
}

/// The code of a problem response, for [`check_route_sets`].
#[derive(Debug, Clone)]
struct ProblemCode(String);

/// A middleware that, in debug builds (tests included), answers `C`'s
/// fallback problem when a route returns a code its declared set
/// (`#[codes(routes("POST /runs" = [...]))]`) does not list, naming the
/// route and the code; release builds pass every response through. Add it
/// with `route_layer`, so that it sees the route that matched.
///
/// With feature `tracing`, the route's problem is reported once it stands:
/// a code outside the set is one event, the fallback's, not the route's
/// code and then the fallback.
///
/// ```
/// use axum::{middleware, routing::post, Router};
/// use sponson_codes::{http, Error, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(routes("POST /runs" = [LockHeld]))]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
///     LockHeld,
///     #[code(exit = 2, doc = "No such plan.", http = 404)]
///     PlanNotFound,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// async fn start() -> Result<(), Error<Code>> {
///     Err(Error::new(Code::PlanNotFound, "no plan `x`")) // not in the set
/// }
///
/// let app: Router = Router::new()
///     .route("/runs", post(start))
///     .route_layer(middleware::from_fn(http::check_route_sets::<Code>));
/// ```
pub async fn check_route_sets<C: ErrorCode>(
    request: ::axum::extract::Request,
    next: ::axum::middleware::Next,
) -> Response {
    use ::axum::extract::MatchedPath;
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|path| format!("{} {}", request.method(), path.as_str()));
    if !cfg!(debug_assertions) {
        return next.run(request).await;
    }
    let (response, held) = run_held(next, request).await;
    let listed = match (route, response.extensions().get::<ProblemCode>()) {
        (Some(route), Some(ProblemCode(code))) => {
            match C::ENUM.allows(crate::code::SetKind::Route, &route, code) {
                true => None,
                false => Some((route, code.clone())),
            }
        }
        _ => None,
    };
    let Some((route, code)) = listed else {
        held.send();
        return response;
    };
    // The fallback is the answer, and its report the one event of this
    // failure.
    held.discard();
    Error::<C>::fallback(format!(
        "route `{route}` returned `{code}`, which its declared set does not list; add it to the route's entry in #[codes(routes(...))] on `{}`, or return one of its codes",
        C::ENUM.path()
    ))
    .into_response()
}

/// Runs the route, holding back its telemetry (feature `tracing`) until
/// [`check_route_sets`] knows whether its answer stands.
#[cfg(feature = "tracing")]
async fn run_held(
    next: ::axum::middleware::Next,
    request: ::axum::extract::Request,
) -> (Response, crate::telemetry::Held) {
    let mut held = crate::telemetry::Held::default();
    let mut route = core::pin::pin!(next.run(request));
    let response = core::future::poll_fn(|cx| held.poll(route.as_mut(), cx)).await;
    (response, held)
}

/// Runs the route: without telemetry there is nothing to hold back.
#[cfg(not(feature = "tracing"))]
async fn run_held(
    next: ::axum::middleware::Next,
    request: ::axum::extract::Request,
) -> (Response, NothingHeld) {
    (next.run(request).await, NothingHeld)
}

/// What [`run_held`] holds without telemetry: nothing.
#[cfg(not(feature = "tracing"))]
struct NothingHeld;

#[cfg(not(feature = "tracing"))]
impl NothingHeld {
    fn send(self) {}
    fn discard(self) {}
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
        respond(&self, None)
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

/// The handler for axum's [`Router::fallback`](::axum::Router::fallback):
/// a request whose path no route matches is answered with `code`'s problem,
/// status 404 Not Found, instead of axum's empty 404.
///
/// The status is 404 whatever `code`'s own `http`: that no route has the
/// path is what happened, and `code` says which of the program's codes
/// reports it (its usage code, or one of its own such as
/// `ROUTE_NOT_FOUND`). The `detail` is "no route answers this path; check
/// the URL against the API's routes"; the path itself is not echoed.
///
/// ```
/// use axum::{routing::get, Router};
/// use sponson_codes::{http, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(url = "https://example.com/errors#{code}")]
/// enum Code {
///     #[code(exit = 2, doc = "No route has this path.", http = 404)]
///     RouteNotFound,
///     #[code(exit = 2, doc = "The route does not take this method.", http = 405)]
///     MethodNotAllowed,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let app: Router = Router::new()
///     .route("/plans", get(|| async { "[]" }))
///     .fallback(http::not_found(Code::RouteNotFound))
///     // After the routes: axum gives it to the routes registered so far.
///     .method_not_allowed_fallback(http::method_not_allowed(Code::MethodNotAllowed));
/// # let response = http::not_found(Code::RouteNotFound)().into_inner();
/// # assert_eq!(response.status(), 404);
/// ```
pub fn not_found<C: ErrorCode>(
    code: C,
) -> impl FnOnce() -> Ready<Response> + Clone + Send + Sync + 'static {
    let answer = Answer::new::<C>(&code, StatusCode::NOT_FOUND);
    move || {
        ready(
            answer
                .problem::<C>("no route answers this path; check the URL against the API's routes"),
        )
    }
}

/// The handler for axum's
/// [`Router::method_not_allowed_fallback`](::axum::Router::method_not_allowed_fallback):
/// a request whose path a route has, with a method it does not take, is
/// answered with `code`'s problem, status 405 Method Not Allowed, instead
/// of axum's empty 405.
///
/// axum still adds the `Allow` header it computes for the path (RFC 9110
/// requires it on a 405), since the problem sets none. As for
/// [`not_found`], the status is 405 whatever `code`'s own `http`. The
/// `detail` names the method: "this path does not answer the method POST;
/// use one the Allow header lists".
///
/// axum gives this fallback to the routes registered before the call, so
/// call it after the last `route`: see [`not_found`] for an example.
///
/// ```
/// use axum::{http::Method, routing::post, Router};
/// use sponson_codes::{http, ErrorCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 2, doc = "The request is not valid.", usage)]
///     Usage,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// // The usage code, for a program that gives these no code of their own.
/// let app: Router = Router::new()
///     .route("/runs", post(|| async { "started" }))
///     .method_not_allowed_fallback(http::method_not_allowed(Code::Usage));
/// let response = http::method_not_allowed(Code::Usage)(Method::GET).into_inner();
/// assert_eq!(response.status(), 405);
/// ```
pub fn method_not_allowed<C: ErrorCode>(
    code: C,
) -> impl FnOnce(Method) -> Ready<Response> + Clone + Send + Sync + 'static {
    let answer = Answer::new::<C>(&code, StatusCode::METHOD_NOT_ALLOWED);
    move |method: Method| {
        ready(answer.problem::<C>(&format!(
            "this path does not answer the method {method}; use one the Allow header lists"
        )))
    }
}

/// What a fallback handler answers: a code, with the details its variant
/// carries, at a status the routing decided.
#[derive(Clone)]
struct Answer {
    info: &'static crate::code::CodeInfo,
    details: Details,
    status: StatusCode,
}

impl Answer {
    fn new<C: ErrorCode>(code: &C, status: StatusCode) -> Answer {
        let mut details = Details::new();
        code.write_details(&mut details);
        Answer {
            info: code.info(),
            details,
            status,
        }
    }

    fn problem<C: ErrorCode>(&self, message: &str) -> Response {
        let error = Error::<C>::from_parts(self.info, message.to_owned(), self.details.clone());
        respond(&error, Some(self.status.as_u16()))
    }
}

crate::error::panic_layer::panic_layer_types! {
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
    layer;
/// The service of [`PanicLayer`].
    service;
/// The future of [`PanicService`]: the handler's response, or the fallback
/// problem if polling it panicked.
    future;
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
        PanicFuture {
            state: call_caught(|| self.inner.call(request)),
            code: PhantomData,
        }
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
        match poll_caught(&mut self.get_mut().state, cx) {
            Some(Poll::Pending) => Poll::Pending,
            Some(Poll::Ready(result)) => Poll::Ready(result.map(IntoResponse::into_response)),
            None => Poll::Ready(Ok(panicked::<C>())),
        }
    }
}

fn panicked<C: ErrorCode>() -> Response {
    respond(&Error::<C>::fallback(SERVER_PANIC_MESSAGE), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorCodes;

    // The fallback is only ever built through the table, never by name.
    #[allow(dead_code)]
    #[derive(Debug, ErrorCodes)]
    #[codes(crate = crate)]
    enum Code {
        #[code(exit = 2, doc = "The request is not valid.", usage)]
        Usage,
        #[code(exit = 2, doc = "No such route.")]
        Missing {
            #[code(detail)]
            area: &'static str,
        },
        #[code(exit = 2, doc = "A detail takes a member's name.")]
        Clash {
            #[code(detail)]
            status: u16,
        },
        #[code(
            exit = 3,
            doc = "Another run holds the lock.",
            http = 409,
            retryable = true
        )]
        Held,
        #[code(
            exit = 2,
            doc = "The plan is not valid.",
            http = 422,
            retryable = false
        )]
        Invalid,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    fn body(response: Response) -> (u16, String, serde_json::Value) {
        let status = response.status().as_u16();
        let kind = response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .to_owned();
        let bytes = whole_body(response);
        (status, kind, serde_json::from_slice(&bytes).unwrap())
    }

    /// The whole body of a response built from a string: ready at the
    /// first poll, so no runtime is needed.
    fn whole_body(response: Response) -> Vec<u8> {
        let read = core::pin::pin!(::axum::body::to_bytes(response.into_body(), usize::MAX));
        match read.poll(&mut Context::from_waker(core::task::Waker::noop())) {
            Poll::Ready(bytes) => bytes.unwrap().to_vec(),
            Poll::Pending => panic!("a body built from a string is ready"),
        }
    }

    #[test]
    fn the_routing_decides_the_status_and_the_program_the_code() {
        // The usage code's own status is 400; no route is still a 404.
        let (status, kind, problem) = body(not_found(Code::Usage)().into_inner());
        assert_eq!((status, kind.as_str()), (404, "application/problem+json"));
        assert_eq!(problem["status"], 404);
        assert_eq!(problem["title"], "Not Found");
        assert_eq!(problem["code"], "USAGE");

        let (status, _, problem) =
            body(method_not_allowed(Code::Usage)(Method::PATCH).into_inner());
        assert_eq!((status, &problem["status"]), (405, &serde_json::json!(405)));
        assert_eq!(problem["title"], "Method Not Allowed");
        assert_eq!(
            problem["detail"],
            "this path does not answer the method PATCH; use one the Allow header lists"
        );
    }

    #[test]
    fn a_codes_details_are_kept_and_a_clash_is_the_fallback_with_its_own_status() {
        let (_, _, problem) = body(not_found(Code::Missing { area: "plans" })().into_inner());
        assert_eq!(
            (&problem["code"], &problem["area"]),
            (&"MISSING".into(), &"plans".into())
        );

        let (status, _, problem) = body(not_found(Code::Clash { status: 200 })().into_inner());
        assert_eq!((status, &problem["status"]), (500, &serde_json::json!(500)));
        assert_eq!(problem["code"], "INTERNAL");
    }

    fn retry_after_header(error: Error<Code>) -> Option<String> {
        let response = error.into_response();
        response
            .headers()
            .get(header::RETRY_AFTER)
            .map(|value| value.to_str().unwrap().to_owned())
    }

    #[test]
    fn a_delay_too_long_to_send_is_the_largest_retry_after_instead_of_zero() {
        let held = Error::new(Code::Held, "held").with_retry_after(core::time::Duration::MAX);
        assert_eq!(retry_after_header(held).as_deref(), Some("2147483647"));
    }

    #[test]
    fn a_code_declared_not_retryable_sends_no_retry_after_header() {
        let later = core::time::Duration::from_secs(60);
        let invalid = Error::new(Code::Invalid, "bad").with_retry_after(later);
        assert_eq!(retry_after_header(invalid), None);
        let by_hand = Error::new(Code::Invalid, "bad").with_detail("retry_after", &60);
        assert_eq!(retry_after_header(by_hand), None);
        let held = Error::new(Code::Held, "held").with_retry_after(later);
        assert_eq!(retry_after_header(held).as_deref(), Some("60"));
        let undeclared =
            Error::new(Code::Missing { area: "plans" }, "gone").with_retry_after(later);
        assert_eq!(retry_after_header(undeclared).as_deref(), Some("60"));
    }
}
