use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(compat = "exhaustive")]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
