use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        name = "LOCK_HELD_BY_ANOTHER_RUN_OF_THE_SAME_PLAN_IN_THE_SAME_SCOPE_XXXXX"
    )]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
