use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(exits = "1 = failure", rename_all = "kebabcase")]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
