use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", number = 1042)]
    LockHeld,
    #[code(exit = 3, doc = "The lock was lost.", number = 1042)]
    LockLost,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
