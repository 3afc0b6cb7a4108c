use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exti = 2, doc = "The plan file cannot be read.")]
    PlanParse,
    #[code(exit = 0, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 1, fallback)]
    Internal,
}

fn main() {}
