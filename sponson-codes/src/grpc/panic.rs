//! A tower layer for tonic servers: a panicking handler is the fallback's
//! status, as `http::PanicLayer` makes it the fallback's problem.

use core::future::Future;
use core::marker::PhantomData;
use core::pin::Pin;
use core::task::{Context, Poll};

use super::GrpcCodes;
use crate::error::panic_layer::{call_caught, poll_caught, SERVER_PANIC_MESSAGE};
use crate::error::Error;

crate::error::panic_layer::panic_layer_types! {
/// A tower layer that turns a panic in the service it wraps (a tonic
/// server, or the whole router) into `C`'s fallback status: its gRPC status
/// (`INTERNAL`), the message "the server stopped handling the request on an
/// unexpected internal error" and the fallback's `ErrorInfo`. The panic's
/// message never reaches the client; it goes to stderr through the panic
/// hook, as any panic's does.
///
/// Without it, the panic ends the task serving the request, the stream is
/// reset, and tonic's client reports `CANCELLED` ("h2 protocol error")
/// without any `ErrorInfo`.
///
/// Put it on the server, for every service, or on one service: the layered
/// service keeps the wrapped one's [`NamedService`](tonic::server::NamedService) name.
///
/// ```
/// use sponson_codes::{grpc::PanicLayer, ErrorCodes};
/// use tower_layer::Layer;
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(grpc_domain = "plans.example")]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// // With tonic's transport, on every service:
/// // Server::builder().layer(PanicLayer::<Code>::new()).add_service(PlansServer::new(plans))
/// # struct Plans;
/// let layered = PanicLayer::<Code>::new().layer(Plans);
/// # let _ = layered;
/// ```
    layer;
/// The service of [`PanicLayer`]: the wrapped service's responses, or the
/// fallback's status when it panics.
///
/// ```
/// use sponson_codes::{grpc::{PanicLayer, PanicService}, ErrorCodes};
/// use tower_layer::Layer;
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(grpc_domain = "plans.example")]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// struct Plans;
/// impl tonic::server::NamedService for Plans {
///     const NAME: &'static str = "plans.v1.Plans";
/// }
///
/// fn name<S: tonic::server::NamedService>(_: &S) -> &'static str {
///     S::NAME
/// }
///
/// let layered: PanicService<Plans, Code> = PanicLayer::new().layer(Plans);
/// assert_eq!(name(&layered), "plans.v1.Plans");
/// ```
    service;
/// The future of [`PanicService`]: the wrapped service's response, or the
/// fallback's status if calling or polling it panicked.
///
/// ```
/// use core::future::{Future, Ready};
/// use core::task::{Context, Poll, Waker};
/// use sponson_codes::{grpc::PanicLayer, ErrorCodes};
/// use tower_layer::Layer;
/// use tower_service::Service;
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(grpc_domain = "plans.example")]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// /// A handler that panics when called.
/// struct Broken;
///
/// impl Service<()> for Broken {
///     type Response = http::Response<String>;
///     type Error = core::convert::Infallible;
///     type Future = Ready<Result<Self::Response, Self::Error>>;
///
///     fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
///         Poll::Ready(Ok(()))
///     }
///
///     fn call(&mut self, (): ()) -> Self::Future {
///         panic!("the database password is hunter2")
///     }
/// }
///
/// let future = PanicLayer::<Code>::new().layer(Broken).call(());
/// let Poll::Ready(Ok(response)) = core::pin::pin!(future).poll(&mut Context::from_waker(Waker::noop())) else {
///     unreachable!("the fallback's status is ready at once")
/// };
/// assert_eq!(response.headers()["grpc-status"], "13"); // INTERNAL
/// assert!(!format!("{:?}", response.headers()).contains("hunter2"));
/// ```
    future;
}

impl<S: tonic::server::NamedService, C> tonic::server::NamedService for PanicService<S, C> {
    const NAME: &'static str = S::NAME;
}

impl<S, C, R, B> tower_service::Service<R> for PanicService<S, C>
where
    S: tower_service::Service<R, Response = http::Response<B>>,
    B: Default,
    C: GrpcCodes,
{
    type Response = http::Response<B>;
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

impl<F, B, E, C> Future for PanicFuture<F, C>
where
    F: Future<Output = Result<http::Response<B>, E>>,
    B: Default,
    C: GrpcCodes,
{
    type Output = Result<http::Response<B>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        poll_caught(&mut self.get_mut().state, cx)
            .unwrap_or_else(|| Poll::Ready(Ok(panicked::<C, B>())))
    }
}

/// The response of a panicked call: the fallback's status, in a response
/// with no message (a "trailers-only" gRPC response).
fn panicked<C: GrpcCodes, B: Default>() -> http::Response<B> {
    Error::<C>::fallback(SERVER_PANIC_MESSAGE)
        .to_status()
        .into_http()
}
