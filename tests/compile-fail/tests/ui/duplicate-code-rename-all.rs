use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(rename_all = "lowercase")]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 3, doc = "The lock was lost.")]
    Lockheld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
