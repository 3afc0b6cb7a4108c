use sponson_codes::WarningCodes;

#[derive(WarningCodes)]
#[codes(grpc_domain = "plan.example.com", require_explain, commands(apply = [Slow]))]
enum Warn {
    #[code(doc = "The run was slow.", retryable = true, grpc = "UNAVAILABLE")]
    Slow,
}

fn main() {}
