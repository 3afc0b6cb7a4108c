use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", alias = "LOCKED")]
    LockHeld,
    #[code(exit = 3, doc = "Waiting for the lock timed out.", alias = "LOCKED")]
    LockTimeout,
    #[code(exit = 2, doc = "The plan cannot be read.", alias = "PARSE", alias = "PARSE")]
    PlanParse,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
