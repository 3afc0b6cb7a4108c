use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", alias = "LOCK_TIMEOUT")]
    LockHeld,
    #[code(exit = 3, doc = "Waiting for the lock timed out.")]
    LockTimeout,
    #[code(exit = 2, doc = "The plan cannot be read.", alias = "PLAN_PARSE")]
    PlanParse,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
