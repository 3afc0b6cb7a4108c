use sponson_codes::{code, ErrorCodes};

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {
    let _ = code!(Code, "LOCK_HELDX");
}
