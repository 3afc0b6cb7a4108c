use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(
    groups(lock = [LockHeld, later], LockHeld = [PlanStale]),
    groups(later = [PlanStale]),
    commands(apply = [lock, LockHled, Old, PlanStale, PlanStale]),
    commands(apply = [lock]),
)]
enum Code {
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
