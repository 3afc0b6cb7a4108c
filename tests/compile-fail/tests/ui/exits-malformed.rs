use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(exits(1: "failure"))]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
