use sponson_codes::ErrorCodes;

// AIP-193: every reason is `[A-Z][A-Z0-9_]+[A-Z0-9]`, at most 63 characters.
#[derive(ErrorCodes)]
#[codes(grpc_domain = "plan.example.com", rename_all = "kebab-case")]
enum Code {
    #[code(exit = 3, doc = "No such plan.")]
    PlanMissing,
    #[code(exit = 3, doc = "A code too long for a reason.", name = "A_CODE_THAT_IS_FAR_TOO_LONG_TO_BE_A_GRPC_ERROR_INFO_REASON_BY_AI")]
    TooLong,
    #[code(exit = 1, doc = "An unexpected error.", fallback, name = "INTERNAL")]
    Internal,
}

#[derive(ErrorCodes)]
#[codes(grpc_domain = "")]
enum Empty {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
