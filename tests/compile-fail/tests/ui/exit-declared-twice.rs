use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(exits(1 = "failure", 2 = "refused before running", 1 = "internal"))]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
