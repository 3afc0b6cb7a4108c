use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 126, doc = "The hook cannot be run.")]
    HookNotExecutable,
    #[code(exit = 127, doc = "The hook does not exist.")]
    HookMissing,
    #[code(exit = 128, doc = "The repository is broken.")]
    Fatal,
    #[code(exit = 130, doc = "The run was interrupted.")]
    Interrupted,
    #[code(exit = 255, doc = "The remote failed.")]
    Remote,
    #[code(exit = 125, doc = "The highest exit a shell leaves alone.")]
    Highest,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

// Opted in: the program means these codes.
#[derive(ErrorCodes)]
#[codes(reserved_exits)]
enum Git {
    #[code(exit = 128, doc = "A fatal error, as git exits.")]
    Fatal,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
