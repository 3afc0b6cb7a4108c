use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "The plan file cannot be read.", name = "PLAN")]
    PlanParse,
    #[code(exit = 2, doc = "The plan is not valid.", name = "PLAN")]
    PlanInvalid,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
