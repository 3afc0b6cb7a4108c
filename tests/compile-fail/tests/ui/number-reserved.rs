use sponson_codes::ErrorCodes;

// JSON-RPC 2.0 reserves -32768 to -32000; its standard errors may be taken.
#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", number = -32000)]
    LockHeld,
    #[code(exit = 3, doc = "The lock was lost.", number = -32768)]
    LockLost,
    #[code(exit = 2, doc = "The request is malformed.", usage, number = -32602)]
    Usage,
    #[code(exit = 1, doc = "An unexpected error.", fallback, number = -32603)]
    Internal,
}

fn main() {}
