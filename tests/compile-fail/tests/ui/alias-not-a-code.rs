use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", alias = "lock held")]
    LockHeld,
    #[code(exit = 2, doc = "The plan cannot be read.", alias = "")]
    PlanParse,
    #[code(exit = 2, doc = "The plan is too old.", alias = OLD_PLAN)]
    PlanOld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
