use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "The plan cannot be read and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on and so on")]
    PlanParse,
    #[code(exit = 1, doc = "An unexpected error.", hint = "Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry. Retry.", fallback)]
    Internal,
}

fn main() {}
