use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(url = "/errors#{code}")]
enum Code {
    #[code(exit = 2, doc = "The plan file cannot be read.", url = "https://example.com/{name}")]
    PlanParse,
    #[code(exit = 3, doc = "The lock is held.", url = "https://example.com/lock held")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback, htp = 500)]
    Internal,
}

fn main() {}
