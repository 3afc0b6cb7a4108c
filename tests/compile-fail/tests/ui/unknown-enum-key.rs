use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(rename = "kebab-case")]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
