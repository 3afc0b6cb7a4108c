use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(http = 302)]
enum Code {
    #[code(exit = 2, doc = "The plan file cannot be read.", http = 200)]
    PlanParse,
    #[code(exit = 3, doc = "The lock is held.", http = 600)]
    LockHeld,
    #[code(exit = 3, doc = "The lock was lost.", http = 409u16)]
    LockLost,
    #[code(exit = 1, doc = "An unexpected error.", http = "500", fallback)]
    Internal,
}

fn main() {}
