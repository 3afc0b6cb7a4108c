use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(exits(1 = "failure", 2 = "refused before running"))]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
