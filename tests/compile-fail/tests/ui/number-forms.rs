use sponson_codes::{ErrorCodes, WarningCodes};

const LOCK: i32 = 1042;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", number = LOCK)]
    LockHeld,
    #[code(exit = 3, doc = "The lock was lost.", number = 1043i32)]
    LockLost,
    #[code(exit = 3, doc = "The plan is stale.", number = 2147483648)]
    PlanStale,
    #[code(exit = 3, doc = "The plan is missing.", number = "1044")]
    PlanMissing,
    #[code(exit = 3, doc = "The plan is locked.", number)]
    PlanLocked,
    #[code(exit = 1, doc = "An unexpected error.", fallback, number = -2147483648)]
    Internal,
}

#[derive(WarningCodes)]
enum Warn {
    #[code(doc = "An anchor was read literally.", number = 7)]
    YamlAnchor,
}

fn main() {}
