#[derive(sponson_codes::ErrorCodes)]
#[codes(serde = "no", from_str = 0)]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
