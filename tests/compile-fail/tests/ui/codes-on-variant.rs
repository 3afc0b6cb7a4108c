use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[codes(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
