use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(
    commands("remote  add" = [LockHeld], apply = LockHeld),
    routes("/runs" = [LockHeld], "post /runs" = [LockHeld]),
    tools("plan run" = [LockHeld]),
    groups("two words" = [LockHeld]),
    commands,
)]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
