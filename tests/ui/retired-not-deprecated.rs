// `retired` without `#[deprecated]` warns at the declaration, since
// constructing the variant would not; denied here so that the warning shows.
#![deny(deprecated)]

use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Waiting for the lock timed out.", retired = "use LOCK_HELD")]
    LockTimeout,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
