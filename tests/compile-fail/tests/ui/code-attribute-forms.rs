use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code]
    Bare,
    #[code = "BARE"]
    NameValue,
    #[code()]
    Empty,
    #[code(exit = 1, doc = "An unexpected error.", fallback,)]
    Internal,
}

fn main() {}
