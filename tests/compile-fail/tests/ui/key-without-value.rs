use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
