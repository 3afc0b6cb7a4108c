use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[deprecated]
    #[code(exit = 3, doc = "Waiting for the lock timed out.")]
    LockTimeout,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
