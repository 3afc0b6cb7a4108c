use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(explain_dir = "no/such/dir")]
enum Code {
    #[code(exit = 2, doc = "Missing.", explain = "explain/nope.md")]
    Missing,
    #[code(exit = 2, doc = "Outside.", explain = "../outside.md")]
    Outside,
    #[code(exit = 1, doc = "An unexpected error.", explain = "/etc/passwd", fallback)]
    Internal,
}

fn main() {}
