//! The messages of `proto/plans.proto`, written as `prost-build` would
//! generate them: the example builds without `protoc`. A service with
//! `protoc` at hand generates this module and `server.rs` with
//! `tonic-build` instead.

/// `ShowPlan`'s request.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ShowPlanRequest {
    /// The plan's name.
    #[prost(string, tag = "1")]
    pub name: String,
}

/// A plan.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Plan {
    /// Its name.
    #[prost(string, tag = "1")]
    pub name: String,
    /// Its steps, in order.
    #[prost(string, repeated, tag = "2")]
    pub steps: Vec<String>,
}

/// `StartRun`'s request.
#[derive(Clone, PartialEq, prost::Message)]
pub struct StartRunRequest {
    /// The plan to run.
    #[prost(string, tag = "1")]
    pub plan: String,
    /// Where to run it.
    #[prost(string, tag = "2")]
    pub scope: String,
}

/// `ShowRun`'s request.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ShowRunRequest {
    /// The run's number.
    #[prost(uint64, tag = "1")]
    pub run: u64,
}

/// A run.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Run {
    /// Its number.
    #[prost(uint64, tag = "1")]
    pub run: u64,
    /// The plan it runs.
    #[prost(string, tag = "2")]
    pub plan: String,
    /// Where it runs.
    #[prost(string, tag = "3")]
    pub scope: String,
}

/// `Validate`'s request.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ValidateRequest {
    /// The plan to validate.
    #[prost(string, tag = "1")]
    pub plan: String,
}

/// No fields.
#[derive(Clone, Copy, PartialEq, prost::Message)]
pub struct Empty {}
