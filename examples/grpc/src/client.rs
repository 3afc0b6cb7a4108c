//! A client of the service, over tonic's channel: each method returns the
//! reply or the `tonic::Status` the server answered, which
//! [`CodedStatus::from_status`](sponson_codes::grpc::CodedStatus::from_status)
//! reads back as a code.

use std::net::SocketAddr;

use http::uri::PathAndQuery;
use tonic::client::Grpc;
use tonic::transport::{Channel, Endpoint};
use tonic::Status;
use tonic_prost::ProstCodec;

use crate::proto::{
    Empty, Plan, Run, ShowPlanRequest, ShowRunRequest, StartRunRequest, ValidateRequest,
};

/// A client of `plans.v1.Plans`.
#[derive(Debug, Clone)]
pub struct PlansClient {
    grpc: Grpc<Channel>,
}

impl PlansClient {
    /// Connects to the service at `addr`, over plain HTTP/2.
    pub async fn connect(addr: SocketAddr) -> Result<PlansClient, tonic::transport::Error> {
        let channel = Endpoint::from_shared(format!("http://{addr}"))?
            .connect()
            .await?;
        Ok(PlansClient {
            grpc: Grpc::new(channel),
        })
    }

    /// `ShowPlan`.
    pub async fn show_plan(&mut self, name: &str) -> Result<Plan, Status> {
        let request = ShowPlanRequest { name: name.into() };
        self.call("/plans.v1.Plans/ShowPlan", request).await
    }

    /// `StartRun`.
    pub async fn start_run(&mut self, plan: &str, scope: &str) -> Result<Run, Status> {
        let request = StartRunRequest {
            plan: plan.into(),
            scope: scope.into(),
        };
        self.call("/plans.v1.Plans/StartRun", request).await
    }

    /// `ShowRun`.
    pub async fn show_run(&mut self, run: u64) -> Result<Run, Status> {
        self.call("/plans.v1.Plans/ShowRun", ShowRunRequest { run })
            .await
    }

    /// `Validate`.
    pub async fn validate(&mut self, plan: &str) -> Result<Empty, Status> {
        let request = ValidateRequest { plan: plan.into() };
        self.call("/plans.v1.Plans/Validate", request).await
    }

    /// `Panic`.
    pub async fn panic(&mut self) -> Result<Empty, Status> {
        self.call("/plans.v1.Plans/Panic", Empty {}).await
    }

    /// One unary call of the method at `path` (`/package.Service/Method`).
    pub async fn call<Req, Reply>(&mut self, path: &str, request: Req) -> Result<Reply, Status>
    where
        Req: prost::Message + Send + Sync + 'static,
        Reply: prost::Message + Default + Send + Sync + 'static,
    {
        let path: PathAndQuery = path
            .parse()
            .map_err(|_| Status::invalid_argument(format!("`{path}` is not a method path")))?;
        self.grpc
            .ready()
            .await
            .map_err(|err| Status::unavailable(format!("the service is not ready: {err}")))?;
        let reply = self
            .grpc
            .unary(tonic::Request::new(request), path, ProstCodec::default())
            .await?;
        Ok(reply.into_inner())
    }
}

/// Starts the service on a free port of 127.0.0.1, on the current tokio
/// runtime, and connects a client to it.
pub async fn start() -> std::io::Result<(SocketAddr, PlansClient)> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(crate::serve(listener));
    let client = PlansClient::connect(addr)
        .await
        .map_err(std::io::Error::other)?;
    Ok((addr, client))
}
