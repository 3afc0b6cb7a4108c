use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(require_explain)]
enum Code {
    /// Another run holds the lock; wait for it, or pass `--wait`.
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 3, doc = "The plan is stale.")]
    PlanStale,
    #[code(exit = 3, doc = "An old code.", retired = "Use PLAN_STALE.")]
    Old,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
