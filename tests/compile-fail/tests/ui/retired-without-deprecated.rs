// `retired` alone: `code!` warns, but constructing the variant does not
// (only `#[deprecated]` on the variant makes rustc warn there), and the
// declaration itself is quiet, so a registry of retired codes builds with
// `-D warnings`. Denied here so that the one warning shows.
#![deny(deprecated)]

use sponson_codes::{code, Error, ErrorCodes};

#[derive(Debug, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Waiting for the lock timed out.", retired = "use LOCK_HELD")]
    LockTimeout,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {
    let _ = code!(Code, "LOCK_TIMEOUT");
    let _ = Error::plain(Code::LockTimeout);
}
