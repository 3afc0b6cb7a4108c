// Raising a retired code is a deprecation warning; denied here so that the
// warnings show in the expected output.
#![deny(deprecated)]

use sponson_codes::{code, Error, ErrorCodes};

#[derive(Debug, ErrorCodes)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[deprecated = "use LOCK_HELD"]
    #[code(exit = 3, doc = "The lock file is stale.")]
    StaleLock,
    #[deprecated(since = "0.4.0", note = "timeouts are LOCK_HELD now")]
    #[code(exit = 3, doc = "Waiting for the lock timed out.", retired = "merged into LOCK_HELD")]
    LockTimeout,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {
    let _ = code!(Code, "LOCK_HELD");
    let _ = code!(Code, "STALE_LOCK");
    let _ = code!(Code, "LOCK_TIMEOUT");
    let _ = Error::plain(Code::StaleLock);
    let _: Error<Code> = Error::new(Code::LockTimeout, "timed out");
}
