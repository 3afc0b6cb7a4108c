use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(grpc_domain = "plan.example.com")]
enum Code {
    #[code(exit = 3, doc = "No such plan.", grpc = "NotFound")]
    PlanMissing,
    #[code(exit = 3, doc = "The plan is stale.", grpc = "FAILED_PRECONDITON")]
    PlanStale,
    #[code(exit = 3, doc = "Nothing to do.", grpc = "OK")]
    Nothing,
    #[code(exit = 3, doc = "Gone.", grpc = 404)]
    Gone,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
