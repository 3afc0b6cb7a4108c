use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback = true)]
    Internal,
}

fn main() {}
