//! The service's routing, written as `tonic-build` would generate it from
//! `proto/plans.proto`: each method's path to its handler, through tonic's
//! protobuf codec. A handler returns `Result<Reply, Error<Code>>`; the
//! error becomes its gRPC status here, with `google.rpc.ErrorInfo`.

use core::convert::Infallible;
use core::future::{ready, Future};
use core::pin::Pin;
use core::task::{Context, Poll};

use sponson_codes::Error;
use tonic::body::Body;
use tonic::server::NamedService;
use tonic::Status;
use tonic_prost::ProstCodec;

use crate::Code;

/// The gRPC service name, `package.Service`.
pub const SERVICE: &str = "plans.v1.Plans";

/// The `plans.v1.Plans` service. It answers every path itself: a method it
/// does not have is `METHOD_NOT_FOUND` (`UNIMPLEMENTED`), with its
/// `ErrorInfo`, as every other failure is.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlansServer;

impl NamedService for PlansServer {
    const NAME: &'static str = SERVICE;
}

type ResponseFuture =
    Pin<Box<dyn Future<Output = Result<http::Response<Body>, Infallible>> + Send>>;

impl tower_service::Service<http::Request<Body>> for PlansServer {
    type Response = http::Response<Body>;
    type Error = Infallible;
    type Future = ResponseFuture;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        let method = request.uri().path().strip_prefix("/plans.v1.Plans/");
        match method {
            Some("ShowPlan") => unary(request, crate::show_plan),
            Some("StartRun") => unary(request, crate::start_run),
            Some("ShowRun") => unary(request, crate::show_run),
            Some("Validate") => unary(request, crate::validate),
            Some("Panic") => unary(request, crate::panics),
            _ => {
                let status = Error::new(
                    Code::MethodNotFound,
                    "the service plans.v1.Plans has no such method",
                )
                .to_status();
                Box::pin(ready(Ok(status.into_http())))
            }
        }
    }
}

/// One unary call: the request decoded, `handler`'s reply encoded, or its
/// error sent as its status.
fn unary<Req, Reply, F, Fut>(request: http::Request<Body>, handler: F) -> ResponseFuture
where
    Req: prost::Message + Default + Send + 'static,
    Reply: prost::Message + Send + 'static,
    F: FnMut(Req) -> Fut + Send + 'static,
    Fut: Future<Output = Result<Reply, Error<Code>>> + Send + 'static,
{
    Box::pin(async move {
        let mut grpc = tonic::server::Grpc::new(ProstCodec::default());
        Ok(grpc.unary(Method(handler), request).await)
    })
}

/// A handler as the tower service tonic's `Grpc::unary` calls.
struct Method<F>(F);

impl<Req, Reply, F, Fut> tower_service::Service<tonic::Request<Req>> for Method<F>
where
    F: FnMut(Req) -> Fut,
    Fut: Future<Output = Result<Reply, Error<Code>>> + Send + 'static,
{
    type Response = tonic::Response<Reply>;
    type Error = Status;
    type Future = Pin<Box<dyn Future<Output = Result<tonic::Response<Reply>, Status>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: tonic::Request<Req>) -> Self::Future {
        let reply = (self.0)(request.into_inner());
        // `?` and `Status::from` alike: the coded error's status.
        Box::pin(async move { Ok(tonic::Response::new(reply.await?)) })
    }
}
